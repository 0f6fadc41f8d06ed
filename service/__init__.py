"""The Litestar service: HTTP API, event store on Redis Streams, read models, live updates."""
