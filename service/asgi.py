"""The ASGI application built from the environment: ``uvicorn service.asgi:app``."""

from service.app import create_app
from service.settings import from_environment

app = create_app(from_environment())
