#!/usr/bin/python3
"""Converts an X screen dump to PNG, for the GTKWave screenshots in docs/.

usage: scripts/docs/xwd2png.py IN.xwd OUT.png

Converts a screen dump of `xwd -root` (a 24-bit ZPixmap: what Xvfb's default screen gives, 4
bytes a pixel, which some dumps label 24 bits per pixel, or 3 bytes a pixel) to PNG with the
standard library only, for the GTKWave screenshots in
docs/ (the machine has no ImageMagick or PIL). xvfb-run and xwd are in Debian's xvfb and
x11-apps, which scripts/install-deps.sh does not install (no test needs them):
apt-get install xvfb x11-apps xauth. Example:

    xvfb-run -a -s "-screen 0 1500x900x24" sh -c \\
        'gtkwave -a traces/faults_demo.gtkw faults_demo.vcd & sleep 8; xwd -root -silent > s.xwd'
    scripts/docs/xwd2png.py s.xwd shot.png
"""
import struct
import zlib

import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402


def shift_of(mask: int) -> int:
    shift = 0
    while not (mask >> shift) & 1:
        shift += 1
    return shift


def convert(xwd: bytes) -> bytes:
    if len(xwd) < 100:
        raise ValueError("shorter than an XWD header")
    header = struct.unpack(">25I", xwd[:100])
    header_size, _, pixmap_format, _, width, height = header[:6]
    byte_order, bits_per_pixel, bytes_per_line = header[7], header[11], header[12]
    masks = header[14:17]  # red, green, blue
    colours = header[19]
    if pixmap_format != 2 or bits_per_pixel not in (24, 32):
        raise ValueError(f"only 24- and 32-bit ZPixmap dumps (this one: format {pixmap_format}, "
                                 f"{bits_per_pixel} bits per pixel)")
    # Xvfb's depth-24 screen stores 4 bytes a pixel; xwd may still write 24 bits per pixel.
    stride = 4 if bits_per_pixel == 32 or bytes_per_line >= 4 * width else 3
    if 0 in masks or bytes_per_line < stride * width:
        raise ValueError(f"a colour mask of 0 or {bytes_per_line} bytes per line for {width} pixels")
    shifts = [shift_of(m) for m in masks]
    order = "<" if byte_order == 0 else ">"
    start = header_size + colours * 12
    if len(xwd) < start + height * bytes_per_line:
        raise ValueError(f"cut short ({len(xwd)} bytes for {width} x {height} pixels)")
    rows = []
    for y in range(height):
        line = xwd[start + y * bytes_per_line:start + y * bytes_per_line + width * stride]
        if stride == 3:  # widen each pixel to 4 bytes (the pad byte above its masks)
            pad = b"\x00"
            line = b"".join(line[i:i + 3] + pad if order == "<" else pad + line[i:i + 3]
                            for i in range(0, len(line), 3))
        row = bytearray(b"\x00")  # PNG filter: none
        for pixel in struct.unpack(f"{order}{width}I", line):
            row += bytes((pixel & m) >> s for m, s in zip(masks, shifts))
        rows.append(bytes(row))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n" +
            chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def main() -> None:
    parser = cli_guard.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("xwd", help="the dump of xwd -root")
    parser.add_argument("png", help="the PNG to write")
    args = parser.parse_args()
    path = cli_guard.output_file(args.png, "OUT.png", ".png", inputs=[args.xwd])
    with open(args.xwd, "rb") as f, cli_guard.reading(args.xwd, "XWD screen dump"):
        png = convert(f.read(1 << 28))
    cli_guard.write_atomically(path, png)


if __name__ == "__main__":
    cli_guard.run(main)
