# One image for every app server (and the one-shot migrate service): gunicorn serving the app,
# with its static files collected and its translations compiled at build.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# What the app runs with; the test, lint and type-check tools (requirements-dev.txt) stay out.
COPY requirements.txt .
RUN pip install -r requirements.txt

COPY . .

# Neither step opens the database; debug off needs a key, and this one is used for nothing else.
RUN DJANGO_DEBUG=0 DJANGO_SECRET_KEY=build-only-never-used-to-sign-anything \
        python manage.py compile_catalogs \
    && DJANGO_DEBUG=0 DJANGO_SECRET_KEY=build-only-never-used-to-sign-anything \
        python manage.py collectstatic --noinput

# The code and static files belong to root: the server's user can read them, not change them.
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin cards
USER cards

EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "ops/healthcheck.py"]
# gunicorn.conf.py: workers from GUNICORN_WORKERS, graceful stop on SIGTERM. The workers are
# uvicorn's, serving the app over ASGI: a followed page's stream of versions needs it.
CMD ["gunicorn", "cardtable.asgi", "--worker-class", "uvicorn_worker.UvicornWorker"]
