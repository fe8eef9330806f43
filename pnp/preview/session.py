"""One `pnp preview` run: bind, say where, open the browser, build and watch until Ctrl-C."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import click

from pnp.pipeline import RunLimits
from pnp.preview.build import Build, Builder
from pnp.preview.routes import Latest
from pnp.preview.server import PreviewServer, warn_if_exposed
from pnp.preview.watch import Watcher


def serve(spec: Path, host: str, port: int, open_browser: bool, limits: RunLimits, paper: str | None = None,
          lang: str | None = None) -> None:
    """Serve the preview of `spec` on host:port (0: any free port) until interrupted; the first line on stdout
    is `serving URL`. Nothing is written to disk."""
    builder = Builder(spec, limits, paper, lang)
    latest = Latest(builder.spec.parent)
    try:
        server = PreviewServer(host, port, latest)
    except OSError as err:
        raise click.ClickException(f"cannot serve on {host}:{port}: {err.strerror or err}") from None
    warn_if_exposed(host)
    click.echo(f"serving {server.url}")

    def publish(build: Build) -> None:
        latest.publish(build)
        errors = sum(d.is_error for d in build.diagnostics)
        state = f"{len(build.pages)} sheet(s)" if build.ok else f"{errors} error(s), showing the last good sheets"
        click.echo(f"build {build.number}: {state} ({build.seconds:.2f} s)", err=True)

    watcher = Watcher(builder, publish)
    thread = threading.Thread(target=watcher.run, name="pnp-preview-watch", daemon=True)
    thread.start()
    if open_browser:
        webbrowser.open(server.url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        watcher.stop.set()
        server.server_close()
        thread.join(timeout=2.0)
