#!/usr/bin/python3
"""scripts/docs/xwd2png.py converts the screen dumps Xvfb gives: a 24-bit ZPixmap stored 4 bytes a
pixel (labelled 32 or, by some dumps, 24 bits per pixel) or 3 bytes a pixel, in either byte
order, to a PNG with the same colours.

usage: check_xwd2png.py REPO
"""
import struct
import sys
import zlib

sys.path.insert(0, sys.argv[1] + "/scripts/docs")
from xwd2png import convert  # noqa: E402

PIXELS = [(0x12, 0x34, 0x56), (0xff, 0x00, 0x80)]  # one row of two pixels: (red, green, blue)


def dump(bits_per_pixel: int, stride: int, byte_order: int) -> bytes:
    width, height = len(PIXELS), 1
    header = [0] * 25
    header[0] = 100  # header size: no window name
    header[1], header[2], header[3] = 7, 2, 24  # version, ZPixmap, depth
    header[4], header[5] = width, height
    header[7], header[11], header[12] = byte_order, bits_per_pixel, width * stride
    header[14:17] = [0xff0000, 0x00ff00, 0x0000ff]
    header[19] = 0  # no colour map
    line = b""
    for r, g, b in PIXELS:
        value = (r << 16) | (g << 8) | b
        raw = value.to_bytes(4, "little" if byte_order == 0 else "big")
        line += (raw[:3] if byte_order == 0 else raw[1:]) if stride == 3 else raw
    return struct.pack(">25I", *header) + line * height


def pixels(png: bytes) -> list:
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, data = 8, b""
    while at < len(png):
        length = struct.unpack(">I", png[at:at + 4])[0]
        if png[at + 4:at + 8] == b"IDAT":
            data += png[at + 8:at + 8 + length]
        at += 12 + length
    row = zlib.decompress(data)
    assert row[0] == 0, "filter byte"
    return [tuple(row[1 + 3 * i:4 + 3 * i]) for i in range(len(PIXELS))]


def main() -> int:
    failed = 0
    for bits, stride in ((32, 4), (24, 4), (24, 3)):
        for order in (0, 1):
            got = pixels(convert(dump(bits, stride, order)))
            if got != PIXELS:
                print(f"{bits} bits per pixel, {stride} bytes, byte order {order}: {got}")
                failed += 1
    try:
        convert(dump(16, 2, 0))
        print("a 16-bit dump was accepted")
        failed += 1
    except ValueError:
        pass
    print("ok" if failed == 0 else f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
