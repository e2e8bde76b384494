"""Gzip for text responses, so a long score sheet stays light on a phone's connection."""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

COMPRESSIBLE = {
    "text/html",
    "text/css",
    "text/csv",
    "application/json",
    "text/javascript",
    "application/javascript",
    "image/svg+xml",
}
SMALLEST = 1024


def enable_compression(app: Flask) -> None:
    """Compress text responses for clients that accept gzip."""

    @app.after_request
    def gzip_response(response: Response) -> Response:
        if (
            "gzip" not in request.headers.get("Accept-Encoding", "")
            or response.mimetype not in COMPRESSIBLE
            or "Content-Encoding" in response.headers
            or response.status_code != 200
        ):
            return response
        response.direct_passthrough = False
        body = response.get_data()
        if len(body) < SMALLEST:
            return response
        response.set_data(gzip.compress(body, compresslevel=6))
        response.headers["Content-Encoding"] = "gzip"
        response.vary.add("Accept-Encoding")
        return response
