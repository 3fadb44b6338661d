"""Helpers of the HTML report's tests (check_report.py, render_report.py): a strict parse of
the page with python3's html.parser, and a PNG reader on zlib alone."""

import html.parser
import re
import struct
import zlib

# Elements with no end tag (HTML 5), and those that may not stand inside a <p> (which
# they would silently close).
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
NOT_IN_P = {"address", "article", "aside", "blockquote", "div", "dl", "fieldset", "figure",
            "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav",
            "ol", "p", "pre", "section", "table", "ul"}


class StrictParser(html.parser.HTMLParser):
    """Parses a page and records every error a lenient browser would paper over: an end
    tag that closes nothing open, or not the innermost element, an element left open, a
    block inside a paragraph, a duplicated attribute or id, a self-closed HTML element."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.errors = []
        self.ids = {}
        self.elements = []  # (tag, attributes, the open elements' tags)
        self.texts = []  # (text, the open elements as (tag, class))
        self.doctype = False

    def where(self):
        line, column = self.getpos()
        return f"line {line}, column {column + 1}"

    def _open(self, tag, attrs, self_closing):
        names = [name for name, _ in attrs]
        if len(names) != len(set(names)):
            self.errors.append(f"{self.where()}: duplicated attribute in <{tag}>")
        attributes = dict(attrs)
        if "id" in attributes:
            if attributes["id"] in self.ids:
                self.errors.append(f"{self.where()}: duplicated id {attributes['id']!r}")
            self.ids[attributes["id"]] = (tag, attributes)
        if tag in NOT_IN_P and any(t == "p" for t, _ in self.stack):
            self.errors.append(f"{self.where()}: <{tag}> inside <p>")
        in_svg = any(t == "svg" for t, _ in self.stack) or tag == "svg"
        if self_closing and tag not in VOID and not in_svg:
            self.errors.append(f"{self.where()}: <{tag}/> self-closed outside SVG")
        self.elements.append((tag, attributes, [t for t, _ in self.stack]))
        if tag not in VOID and not self_closing:
            self.stack.append((tag, attributes.get("class", "")))

    def handle_decl(self, decl):
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        self._open(tag, attrs, False)

    def handle_startendtag(self, tag, attrs):
        self._open(tag, attrs, True)

    def handle_endtag(self, tag):
        if tag in VOID:
            self.errors.append(f"{self.where()}: end tag of the void element <{tag}>")
        elif not self.stack or self.stack[-1][0] != tag:
            open_tag = self.stack[-1][0] if self.stack else "nothing"
            self.errors.append(f"{self.where()}: </{tag}> closes <{open_tag}>")
            if any(t == tag for t, _ in self.stack):
                while self.stack and self.stack.pop()[0] != tag:
                    pass
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.texts.append((data, list(self.stack)))


def parse_strictly(text):
    """The parser after reading `text`, its errors (with the elements left open) listed."""
    parser = StrictParser()
    parser.feed(text)
    parser.close()
    if not parser.doctype:
        parser.errors.append("no <!DOCTYPE html>")
    if parser.stack:
        parser.errors.append("left open at the end: " + ", ".join(t for t, _ in parser.stack))
    return parser


def read_png(path):
    """(width, height, rows): each row a bytes object of RGBA or RGB pixels (8 bits per
    channel, not interlaced: what Chromium writes)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    pos, idat = 8, []
    width = height = channels = None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"{path}: PNG depth {depth} colour type {colour} not read here")
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:  # Sub
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif kind == 2:  # Up
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind == 3:  # Average
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:  # Paeth
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows
