"""The one place pnp relies on reportlab beyond its public API (reportlab 4 and 5; pyproject caps it below 6).

Two things have no public API and matter for speed and memory:
- images: reportlab would read and encode every image while drawing and hold them all until `save`; pnp
  registers a placeholder per distinct image in the canvas's document (`canvas._doc`), which writes `null`
  and remembers its object number, then appends the real image objects after reportlab's bytes as an
  incremental update, which needs the trailer reportlab wrote (`trailer_of`);
- text: a text is shown in the font subsets reportlab assigns per document (`document`), its operators
  written at once (`pnp.render.pdf`), onto the page's list of operators (`page_operators`);
- SVG art: drawn once per document as a form (`vector_form`), whose resources (its gradients' shadings,
  its opacities' graphics states) reportlab does not write for forms: they are read from the canvas as the
  form is drawn and given to `endForm`, which sets them on the form (nothing of reportlab's is written to);
- transparency: a CMYK page that paints anything translucent gets a page group blending in DeviceCMYK
  (`close_page`, which reads the page's graphics states and forms, `translucent_page`);
- page streams: reportlab holds every page's operators as text until `save` deflates them; pnp deflates each
  as its page is closed (`deflate_page`), the same bytes written, a quarter of the memory held.
Everything here reads what reportlab 5.1 does; `tests/golden` holds qpdf-normalised PDFs and fails the day
reportlab's output changes (refresh them on purpose, see docs/architecture.md).
"""

from __future__ import annotations

import hashlib
import re
import time
import zlib
from collections.abc import Container
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFDocument, PDFName, PDFObject, PDFStream, PDFZCompress
from reportlab.pdfbase.pdfdoc import format as pdf_format
from reportlab.pdfgen.canvas import Canvas

_TRAILER = re.compile(rb"trailer\s*(<<.*>>)\s*startxref\s*(\d+)\s*%%EOF\s*$", re.DOTALL)
_SIZE = re.compile(rb"/Size\s+(\d+)")


def binary_streams() -> None:
    """Have reportlab deflate its streams without its default ASCII85 layer (a quarter more bytes per stream, 13 %
    of a vector deck's file; no PDF reader needs 7-bit streams). `rl_config.useA85` is process-wide and read as
    each stream is written: pnp sets it before it makes a canvas."""
    from reportlab import rl_config

    rl_config.useA85 = 0


class DeflatedStream(PDFStream):
    """A page stream deflated when its page was closed: written as reportlab writes a page's text stream through
    its deflate filter (`PDFStream.format` with `[PDFZCompress]`)."""

    __Comment__ = "page stream"

    def format(self, document: PDFDocument) -> bytes:
        dictionary = PDFDictionary(self.dictionary.dict.copy())
        dictionary["Filter"] = PDFArray([PDFName(PDFZCompress.pdfname)])
        content = document.encrypt.encode(self.content)
        written: bytes = pdf_format(content, document)
        dictionary["Length"] = len(content)
        return pdf_format(dictionary, document) + b"\nstream\n" + written + b"endstream\n"  # type: ignore[no-any-return]


def deflate_page(canvas: Canvas) -> None:
    """Deflate the stream of the page `showPage` has just closed, where reportlab keeps its text until `save`
    (when it deflates without ASCII85, as `binary_streams` sets: else the page is left as it is)."""
    page = canvas._doc.Pages.pages[-1]
    if page.compression and not rl_config.useA85 and not page.Contents and page.stream:
        text = page.stream
        page.Contents = DeflatedStream(content=zlib.compress(text.encode("utf8") if isinstance(text, str) else text))
        page.stream = None


def close_page(canvas: Canvas, forms: Container[str], space: str | None = None) -> None:
    """Close the page being drawn (`showPage`), its stream deflated (`deflate_page`); with a `space` (e.g.
    "DeviceCMYK"), a page that paints anything translucent (`translucent_page`) is given a transparency group
    of that colour space: what it paints translucent is blended in that space, the press's inks, not in one the
    reader chooses (reportlab's pages have no /Group: this page's own list of keys is given it)."""
    grouped = space is not None and translucent_page(canvas, forms)
    canvas.showPage()
    if grouped:
        page = canvas._doc.Pages.pages[-1]
        page.__NoDefault__ = [*type(page).__NoDefault__, "Group"]
        page.Group = PDFDictionary({"Type": PDFName("Group"), "S": PDFName("Transparency"), "CS": PDFName(space)})
    deflate_page(canvas)


def translucent_page(canvas: Canvas, forms: Container[str]) -> bool:
    """Whether the page being drawn paints anything translucent: one of its graphics states sets an alpha under
    1, or it draws one of `forms` (the names of the forms that are translucent themselves: pictures with an
    alpha channel, SVG art with opacities of its own)."""
    return _translucent_states(canvas) or any(name in forms for name in set(canvas._formsinuse))


def _translucent_states(canvas: Canvas) -> bool:
    """Whether a graphics state of the page (or form) being drawn sets an alpha under 1: reportlab keeps them in
    `_extgstate`, a new one each page and form, keyed by (key, value)."""
    return any(key in ("ca", "CA") and value < 1 for key, value in canvas._extgstate._c)


def document(canvas: Canvas) -> Any:
    """The reportlab document a canvas writes into (font subsets and forms are kept per document)."""
    return canvas._doc


def page_operators(canvas: Canvas) -> list[str]:
    """The list of the page's operator lines that `addLiteral` appends to (its `str()` and call left out: the pen
    adds a few dozen lines a card). A page has its own list (`showPage` starts one); a form drawn meanwhile
    (`beginForm` ... `endForm`) puts the page's own list back when it ends."""
    code: list[str] = canvas._code
    return code


class Placeholder(PDFObject):
    """Stands for one image in reportlab's document: written as `null`, remembering its object number."""

    __RefOnly__ = 1

    def __init__(self, name: str, path: Path) -> None:
        self.name = name
        self.path = path
        self.number = 0

    def format(self, document: PDFDocument) -> bytes:
        self.number = document.idToObjectNumberAndVersion[document.getXObjectName(self.name)][0]
        return b"null"


def add_placeholder(canvas: Canvas, placeholder: Placeholder) -> None:
    """Register `placeholder` as the form named `placeholder.name`, for `canvas.doForm`."""
    canvas._doc.addForm(placeholder.name, placeholder)


def trailer_of(pdf: bytes) -> tuple[bytes, int, int]:
    """The trailer dictionary of a PDF reportlab wrote, where its cross-reference table starts, and its /Size."""
    found = _TRAILER.match(pdf, max(pdf.rfind(b"trailer"), 0))
    size = _SIZE.search(found.group(1)) if found else None
    if found is None or size is None:
        raise ValueError("cannot find the trailer of the PDF to add its images to")
    return found.group(1), int(found.group(2)), int(size.group(1))


def updated_trailer(trailer: bytes, size: int, previous: int) -> bytes:
    """The trailer of an incremental update: the original's with its new /Size and /Prev at `previous`."""
    return _SIZE.sub(b"/Size %d" % size, trailer[:-2]) + b"/Prev %d\n>>" % previous


def vector_form(canvas: Canvas, name: str, drawing: Any) -> bool:
    """Write reportlab `drawing` as the form `name` of the canvas's document (its own units, for `doForm`),
    with the shadings and graphics states it uses as its resources; nothing if the document has it. Whether it
    paints anything translucent (a graphics state of alpha under 1), False when it was written before."""
    from reportlab.graphics import renderPDF
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

    if canvas._doc.getXObjectName(name) in canvas._doc.idToObject:
        return False
    canvas.beginForm(name, 0, 0, drawing.width, drawing.height)  # a fresh graphics state: opacity 1 (the
    renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)     # caller draws the form at opacity 1)
    shadings, colours, states = dict(canvas._shadingUsed), dict(canvas._colorsUsed), canvas._extgstate.getState()
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    resources.setShading(shadings)
    resources.setColorSpace(colours)
    if states:
        resources.ExtGState = states
    translucent = _translucent_states(canvas)
    canvas.endForm(Resources=resources)  # endForm sets the attributes it is given on the form it writes
    return translucent


class DeferredFont:
    """A font pnp writes itself (`pnp.render.pdf_shaped`): reportlab calls `addObjects` when it saves the
    document, after every page is drawn, as it does for its own TrueType subsets."""

    def __init__(self, name: str, build: Any) -> None:
        self.name = name
        self.build = build
        """Called with no arguments at save: returns the font's objects (`type0_objects`)."""

    def addObjects(self, doc: PDFDocument) -> None:
        # every page's font resources name it by reference: the dictionary put there itself would be written
        # twice, inline in the resources and as an object no one refers to
        doc.idToObject["BasicFonts"].dict[self.name] = doc.Reference(self.build(), self.name)


def defer_font(canvas: Canvas, font: DeferredFont) -> None:
    """Have `font` written into the canvas's document when it is saved, named in every page's resources."""
    canvas._doc.delayedFonts.append(font)


def type0_objects(canvas_doc: PDFDocument, base: str, font_file: bytes, descriptor: dict[str, Any],
                  widths: list[Any], to_unicode: bytes) -> Any:
    """The objects of a Type 0 font with Identity-H encoding over a TrueType subset (CIDFontType2, glyph ids
    as character codes): `descriptor` holds the FontDescriptor's numbers, `widths` the W array."""
    from reportlab.pdfbase import pdfdoc

    compress = [pdfdoc.PDFZCompress] if canvas_doc.compression else None
    file_stream = pdfdoc.PDFStream(content=font_file, filters=compress, dictionary=pdfdoc.PDFDictionary(
        {"Length1": len(font_file)}))
    unicode_stream = pdfdoc.PDFStream(content=to_unicode, filters=compress)
    desc = pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("FontDescriptor"), "FontName": pdfdoc.PDFName(base),
                                 **descriptor, "FontBBox": pdfdoc.PDFArray(descriptor["FontBBox"]),
                                 "FontFile2": canvas_doc.Reference(file_stream)})
    cid = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("Font"), "Subtype": pdfdoc.PDFName("CIDFontType2"),
        "BaseFont": pdfdoc.PDFName(base),
        "CIDSystemInfo": pdfdoc.PDFDictionary({"Registry": pdfdoc.PDFString("Adobe"),
                                               "Ordering": pdfdoc.PDFString("Identity"), "Supplement": 0}),
        "FontDescriptor": canvas_doc.Reference(desc), "DW": 1000, "W": pdfdoc.PDFArray(widths),
        "CIDToGIDMap": pdfdoc.PDFName("Identity")})
    return pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("Font"), "Subtype": pdfdoc.PDFName("Type0"), "BaseFont": pdfdoc.PDFName(base),
        "Encoding": pdfdoc.PDFName("Identity-H"), "DescendantFonts": pdfdoc.PDFArray([canvas_doc.Reference(cid)]),
        "ToUnicode": canvas_doc.Reference(unicode_stream)})


def mark_pdfx(canvas: Canvas, version: str, condition: tuple[str, str, bool], profile: bytes, title: str,
              created: int) -> None:
    """Make the canvas's document PDF/X `version` (e.g. "PDF/X-4"): the output intent with the ICC `profile`
    embedded (`/S /GTS_PDFX`) for `condition` (identifier, description, whether the ICC registry lists it),
    GTS_PDFXVersion and /Trapped /False in the info dictionary and in XMP metadata (reportlab has no API for
    either: its catalog and info are given them here, on this document alone), dated `created` (seconds since
    1970) in UTC: the info dictionary's CreationDate and ModDate are written of the document's `_timeStamp`
    (which invariant mode fixes at 2000-01-01), and the XMP's dates are read of the same."""
    from reportlab.pdfbase.pdfdoc import XMP, PDFArray, PDFDictionary, PDFInfo, PDFName, PDFStream, PDFString

    doc = canvas._doc
    stamp, utc = doc._timeStamp, time.gmtime(created)
    stamp.t, stamp.lt, stamp.YMDhms, stamp.dhh, stamp.dmm, stamp.tzname = created, utc, tuple(utc)[:6], 0, 0, "UTC"
    stream = PDFStream(PDFDictionary({"N": 4}), profile)
    identifier, description, registered = condition
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(identifier), "OutputCondition": PDFString(description),
        "Info": PDFString(description), "DestOutputProfile": doc.Reference(stream),
        **({"RegistryName": PDFString("http://www.color.org")} if registered else {}),
    })
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]  # this catalog's keys, not the class's
    catalog.OutputIntents = PDFArray([intent])
    metadata = XMP(creator=lambda document: _xmp(document, version, title))
    metadata.filters = []  # XMP is read as plain text by preflight tools
    catalog.Metadata = metadata

    class PdfxInfo(PDFInfo):  # type: ignore[misc]
        def format(self, document: Any) -> bytes:
            body: bytes = super().format(document)
            return body[:-2] + b"/GTS_PDFXVersion " + PDFString(version).format(document) + b" >>"

    info = PdfxInfo()
    info.__dict__.update(doc.info.__dict__)
    info.trapped = "False"
    doc.info = info


def _xmp(document: Any, version: str, title: str) -> bytes:
    """The XMP packet of a PDF/X file: its title, dates (the info dictionary's instant, in UTC as it is), trapping
    and version."""
    from xml.sax.saxutils import escape

    y, mo, d, h, mi, s = document._timeStamp.YMDhms
    when = f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}Z"
    digest = hashlib.sha256(f"{title}\n{when}".encode()).hexdigest()
    uid = f"uuid:{digest[:8]}-{digest[8:12]}-4{digest[13:16]}-8{digest[17:20]}-{digest[20:32]}"
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
<dc:format>application/pdf</dc:format>
<xmp:CreateDate>{when}</xmp:CreateDate><xmp:ModifyDate>{when}</xmp:ModifyDate><xmp:MetadataDate>{when}</xmp:MetadataDate>
<xmp:CreatorTool>pnp</xmp:CreatorTool><pdf:Producer>pnp (reportlab)</pdf:Producer><pdf:Trapped>False</pdf:Trapped>
<pdfx:GTS_PDFXVersion>{version}</pdfx:GTS_PDFXVersion><pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
<xmpMM:DocumentID>{uid}</xmpMM:DocumentID><xmpMM:InstanceID>{uid}</xmpMM:InstanceID><xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>""".encode()
