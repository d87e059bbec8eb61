"""TrueType copies of Noto Sans CJK faces for the PDF manuals (plugins/pdf-manuals/fonts.ts).

Skia, Chromium's PDF backend, embeds fonts with TrueType outlines as named CID fonts, but draws
fonts with CFF outlines (Noto Sans CJK of fonts-noto-cjk) as unnamed Type 3 glyph procedures.
This script takes one face out of its collection, keeps only the glyphs the manuals need and
converts the cubic CFF outlines to quadratic TrueType ones with fontTools (python3-fonttools), as
fontTools' own otf2ttf snippet does. The names stay, so fontconfig, Chromium and PDF readers see
the same family and PostScript name.

Reads JSON on stdin: {"text": "...", "faces": [{"source": path, "index": n, "output": path}]}.
"""

import json
import os
import sys

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

# Largest distance, in font units (1000 per em), of a quadratic curve from the cubic it replaces.
MAX_ERR = 1.0


def subset_face(font, text):
    options = subset.Options()
    # Tabular figures for the page numbers of the table of contents.
    options.layout_features += ["tnum", "pnum", "lnum"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)


def cff_to_glyf(font):
    order = font.getGlyphOrder()
    cff_glyphs = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(cff_glyphs)
        # CFF contours run counter-clockwise, TrueType ones clockwise.
        cff_glyphs[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        glyphs[name] = pen.glyph()

    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)

    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)

    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    # CID-keyed fonts have no glyph names worth keeping.
    font["post"].formatType = 3.0
    font.sfntVersion = "\0\1\0\0"


def main():
    job = json.load(sys.stdin)
    for face in job["faces"]:
        font = TTFont(face["source"], fontNumber=face["index"])
        if "CFF " not in font:
            raise SystemExit(f"{face['source']} #{face['index']}: no CFF outlines to convert")
        subset_face(font, job["text"])
        cff_to_glyf(font)
        temp = face["output"] + ".tmp"
        font.save(temp)
        os.replace(temp, face["output"])


if __name__ == "__main__":
    main()
