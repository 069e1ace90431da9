FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY service service
COPY worker worker
RUN pip install --no-cache-dir .
ENV HOST=0.0.0.0 PORT=8000 WEB_CONCURRENCY=2 WEB_CONNECTIONS=1000
EXPOSE 8000
# gevent workers; bind, workers and connections per worker from the variables above
CMD ["gunicorn", "-c", "python:service.api.gunicorn_conf", "service.api.wsgi:app"]
