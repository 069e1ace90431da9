FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY service service
COPY worker worker
RUN pip install --no-cache-dir .
ENV PORT=8000 WEB_CONCURRENCY=2
EXPOSE 8000
CMD ["sh", "-c", "gunicorn --workers ${WEB_CONCURRENCY} --bind 0.0.0.0:${PORT} service.api.wsgi:app"]
