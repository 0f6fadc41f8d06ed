"""The ASGI application built from the environment: ``uvicorn service.asgi:app`` (JSON logs, :mod:`service.observability.logs`)."""

from service.app import create_app
from service.observability.logs import configure_logging
from service.settings import from_environment

settings = from_environment()
configure_logging(settings.log_level)
app = create_app(settings)
