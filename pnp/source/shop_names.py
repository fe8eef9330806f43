"""`pnp render --shop`: the names of the print-on-demand shops (pnp/data/layouts/shops.yaml, read when they are
needed, so the command line starts without the table) and the check that the formats asked follow the flag."""

from __future__ import annotations

import click


class ShopChoice(click.Choice):  # type: ignore[type-arg]
    """A print-on-demand shop of pnp/data/layouts/shops.yaml (`--shop tgc`), read when the names are needed."""

    def __init__(self) -> None:
        self.case_sensitive = False

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        from pnp.source.layouts import layout_data

        return tuple(layout_data("shops"))


def check_shop(shop: str | None, dpi: int | None, others: list[str], followers: list[str]) -> None:
    """A usage error for `--shop` with formats that do not follow it (`others`; `followers` are those that do),
    or with `--dpi` (the shop sets the resolution)."""
    if shop is None:
        return
    if others:
        raise click.UsageError(f"--shop {shop} is for --format {', '.join(followers)}, not {', '.join(others)} "
                               "(render those without --shop)")
    if dpi is not None:
        raise click.UsageError(f"--shop {shop} writes at the shop's own dpi: leave out --dpi")
