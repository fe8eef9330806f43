"""Print-on-demand shops (`--shop NAME`): each shop's card products as its upload templates want them, from
pnp/data/layouts/shops.yaml, and a deck's faces redrawn to the product it matches.

Input: a `DeckFaces` (`pnp.layout.singles`, drawn with the kit's bleed) and a shop. Output: `ShopDeck`, the
product the deck is, the uniform scale that takes the deck's cut to the product's (1 when they are the same
size, within 1 % when not) and pages of the product's cut plus the shop's bleed, or a SpecError listing the
shop's products when the deck is none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pnp.diagnostics import Diagnostic, Mark, Severity, SpecError
from pnp.layout.scene import Group, Item, Page, Rect, Style, Transform
from pnp.layout.singles import DeckFaces

MM_PER_INCH = 25.4
TOLERANCE = 0.01
"""How far (a fraction of the product's side, rounded to a tenth of a per cent) a deck may be from a product and
still be scaled to it: pnp's 63 x 88 mm poker card is 1.0 % short of a 2.5 x 3.5 in one."""
SAME = 0.0005
"""Closer than this (a fraction) is the product's own size: drawn at 100 %."""
TRIM_LINE = Style(stroke="#d6246e", stroke_width=0.25)
SAFE_LINE = Style(stroke="#1a8fd6", stroke_width=0.25, dash=(1.0, 0.8))


@dataclass(frozen=True, slots=True)
class Product:
    """One card product of a shop: its name, the template's size in pixels (bleed included) and its source."""

    name: str
    px: tuple[int, int]
    source: str


@dataclass(frozen=True, slots=True)
class Shop:
    """A print-on-demand shop: its key (`--shop`), name, dpi, bleed and safe zone (pixels at its dpi), products."""

    key: str
    name: str
    dpi: int
    bleed_px: float
    safe_px: float
    products: tuple[Product, ...]

    def mm(self, px: float) -> float:
        """`px` pixels at this shop's dpi, in mm."""
        return px / self.dpi * MM_PER_INCH

    @property
    def bleed(self) -> float:
        return self.mm(self.bleed_px)

    @property
    def safe(self) -> float:
        return self.mm(self.safe_px)

    def cut(self, product: Product) -> tuple[float, float]:
        """The product's card (where it is cut), width and height in mm."""
        w, h = product.px
        return self.mm(w - 2 * self.bleed_px), self.mm(h - 2 * self.bleed_px)

    def listing(self) -> str:
        """Every product, as `poker 63.5 x 88.9 mm` and so on (to 0.01 mm)."""
        return ", ".join(f"{p.name} {round(self.cut(p)[0], 2):g} x {round(self.cut(p)[1], 2):g} mm"
                         for p in self.products)


@cache
def shops() -> dict[str, Shop]:
    """Every shop of pnp/data/layouts/shops.yaml, by key."""
    from pnp.source.layouts import layout_data

    out = {}
    for key, data in layout_data("shops").items():
        products = tuple(Product(name, (int(p["px"][0]), int(p["px"][1])), str(p["source"]))
                         for name, p in data["products"].items())
        out[key] = Shop(key, str(data["name"]), int(data["dpi"]), float(data["bleed_px"]), float(data["safe_px"]),
                        products)
    return out


@dataclass(frozen=True, slots=True)
class ShopDeck:
    """A deck as a shop's product: the shop, the product, the scale from the deck's card to the product's, and
    the warning saying it was scaled (None at 100 %)."""

    shop: Shop
    product: Product
    scale: float
    warning: Diagnostic | None

    def page(self, face: Page, deck: DeckFaces) -> Page:
        """`face` (the deck's card plus its bleed) scaled to the product, centred on its cut, on a page of the
        product plus the shop's bleed; TrimBox on the cut, BleedBox and MediaBox the whole page."""
        w, h = self.shop.cut(self.product)
        bleed = self.shop.bleed
        dx = bleed + (w - deck.width * self.scale) / 2 - deck.bleed * self.scale
        dy = bleed + (h - deck.height * self.scale) / 2 - deck.bleed * self.scale
        clip = Rect(0, 0, w + 2 * bleed, h + 2 * bleed, Style())
        inner = Group(face.items, Transform(dx, dy, scale=self.scale))
        return Page(w + 2 * bleed, h + 2 * bleed, (Group((inner,), clip=clip),), face.label,
                    trim=(bleed, bleed, w, h))


def fit(deck: DeckFaces, shop: Shop, mark: Mark | None) -> ShopDeck:
    """The shop's product `deck` is (its card within 1 % of the product's, either side): SpecError at `mark` when
    none is, listing the shop's products. A warning at `mark` when scaled, or when the kit's bleed does not reach
    the shop's."""
    best: tuple[float, Product] | None = None
    for product in shop.products:
        w, h = shop.cut(product)
        off = max(abs(deck.width / w - 1), abs(deck.height / h - 1))
        if best is None or off < best[0]:
            best = (off, product)
    assert best is not None  # every shop has products
    off, product = best
    if round(off * 1000) > TOLERANCE * 1000:
        raise SpecError(Diagnostic.at(
            mark, "shop.size", f'deck "{deck.name}" is {deck.width:g} x {deck.height:g} mm, none of '
            f"{shop.name}'s card products ({shop.listing()})",
            "give the deck one of these sizes, or choose another shop (docs/shops.md)"))
    w, h = shop.cut(product)
    scale = max(w / deck.width, h / deck.height)
    notes = []
    if off >= SAME:
        how = "cropped, not scaled," if round(scale * 1000) == 1000 else f"scaled {scale * 100:.1f} %"
        notes.append(f"{how} to {shop.name}'s {product.name} card ({w:.2f} x {h:.2f} mm)"
                     + _cropped(deck, scale, w, h))
    if deck.bleed * scale < shop.bleed - 0.005:
        notes.append(f"its {deck.bleed:g} mm bleed is under {shop.name}'s {shop.bleed:.2f} mm: "
                     + _blank(deck, scale, (w, h), shop))
    warning = None if not notes else Diagnostic.at(
        mark, "shop.scaled" if off >= SAME else "shop.bleed", f'deck "{deck.name}": ' + "; ".join(notes),
        f"size the deck {w:.2f} x {h:.2f} mm with {shop.bleed:.2f} mm bleed to print it as drawn",
        Severity.WARNING)
    return ShopDeck(shop, product, scale, warning)


def _blank(deck: DeckFaces, scale: float, cut: tuple[float, float], shop: Shop) -> str:
    """Which edges of each file the scaled card's bleed leaves blank, and how wide (mm and pixels at the shop's
    dpi): a card scaled past the cut at two edges reaches further there."""
    w, h = cut
    sides = []
    for edges, over in (("top and bottom", deck.height * scale - h), ("left and right", deck.width * scale - w)):
        blank = shop.bleed - deck.bleed * scale - over / 2
        if blank >= 0.005:
            sides.append(f"{blank:.2f} mm ({blank / MM_PER_INCH * shop.dpi:.1f} px) at the {edges}")
    return "the outer " + " and ".join(sides) + " of each file is blank"


def _cropped(deck: DeckFaces, scale: float, w: float, h: float) -> str:
    """What of the scaled card falls outside the product's cut (uniform scaling keeps its shape)."""
    over_w, over_h = deck.width * scale - w, deck.height * scale - h
    side = max(over_w, over_h)
    if side < 0.005:
        return ""
    edges = "left and right" if over_w >= over_h else "top and bottom"
    return f", {side / 2:.2f} mm of the card past the cut at its {edges}"


def proof_overlay(fitted: ShopDeck, x: float, y: float, scale: float) -> list[Item]:
    """The shop's cut (solid) and safe zone (dashed) over one of its files (`ShopDeck.page`) drawn at (x, y) at
    `scale` on the proof."""
    w, h = fitted.shop.cut(fitted.product)
    bleed, safe = fitted.shop.bleed * scale, fitted.shop.safe * scale
    return [Rect(x + bleed, y + bleed, w * scale, h * scale, TRIM_LINE),
            Rect(x + bleed + safe, y + bleed + safe, w * scale - 2 * safe, h * scale - 2 * safe, SAFE_LINE)]
