#!/usr/bin/env python3
"""Reads sdl_carousel's BMP screenshots; checks the App Store session's; writes PNGs.

  screenshots.py check DIR SNAPLAYOUT   check the screenshots of examples-c/sdl/appstore.script
                                        in DIR; SNAPLAYOUT is build/snaplayout (frames from it)
  screenshots.py png OUT.png A.bmp ...  the BMPs side by side as one PNG

Standard library only (struct, zlib). The expectations do not come from sdl_carousel: where a
release comes to rest is worked out here by hand from the rules of docs/SNAPPING.md (a
groupPagingCentered carousel moves one card per gesture; a re-grab counts from where the caught
motion was going; the main scroll decelerates freely by 0.998 a millisecond), and where things
are drawn at that offset comes from `snaplayout --json --offset`, a separate program.
"""
import json
import struct
import subprocess
import sys
import zlib

# sdl_carousel's colours (examples-c/sdl_draw.c: card_palette and the kind styles).
CARD_PALETTE = [(0, 122, 255), (255, 59, 48), (52, 199, 89), (255, 149, 0),
                (175, 82, 222), (48, 176, 199), (162, 132, 94), (255, 204, 0)]
SCREEN = (242, 242, 247)
HEADER = (58, 58, 60)
FOOTER = (174, 174, 178)

SLOP = 6.0          # points a drag moves before the content follows (TOUCH_SLOP)
RATE = 0.998        # the main scroll's deceleration rate per millisecond (UIKit's normal)
TOLERANCE = 1       # pixels: edges are rounded, each on its own


class Image:
    def __init__(self, path):
        data = open(path, 'rb').read()
        if data[:2] != b'BM':
            raise ValueError(f'{path}: not a BMP')
        offset, = struct.unpack_from('<I', data, 10)
        width, height, _, bits = struct.unpack_from('<iiHH', data, 18)
        compression, = struct.unpack_from('<I', data, 30)
        if bits not in (24, 32) or compression not in (0, 3):
            raise ValueError(f'{path}: {bits}-bit BMP, compression {compression}')
        self.path, self.width, self.height = path, width, abs(height)
        step, stride = bits // 8, (width * bits // 8 + 3) & ~3
        self.rows = []
        for y in range(self.height):
            base = offset + (self.height - 1 - y if height > 0 else y) * stride
            row = data[base:base + width * step]
            self.rows.append([(row[x + 2], row[x + 1], row[x])   # stored as B, G, R
                              for x in range(0, width * step, step)])

    def at(self, x, y):
        return self.rows[int(y)][int(x)]

    def run(self, x, y, dx, dy):
        """The first and last pixel of the run of (x, y)'s colour through it along (dx, dy)."""
        x, y = int(x), int(y)
        colour = self.at(x, y)
        ends = []
        for sign in (-1, 1):
            px, py = x, y
            while (0 <= px + sign * dx < self.width and 0 <= py + sign * dy < self.height and
                   self.at(px + sign * dx, py + sign * dy) == colour):
                px, py = px + sign * dx, py + sign * dy
            ends.append(px if dx else py)
        return ends[0], ends[1]


def write_png(path, images, gap=12):
    width = sum(i.width for i in images) + gap * (len(images) - 1)
    height = max(i.height for i in images)
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for k, image in enumerate(images):
            if k:
                raw += bytes((255, 255, 255)) * gap
            row = image.rows[y] if y < image.height else [(255, 255, 255)] * image.width
            raw += bytes(c for pixel in row for c in pixel)

    def chunk(kind, body):
        crc = zlib.crc32(kind + body)
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', crc)
    header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
    with open(path, 'wb') as out:
        out.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) +
                  chunk(b'IDAT', zlib.compress(bytes(raw), 9)) + chunk(b'IEND', b''))


class Checker:
    def __init__(self, directory, snaplayout):
        self.directory, self.snaplayout = directory, snaplayout
        self.passed, self.failures = 0, []
        self.layout = self.frames()
        cells = sorted((e for e in self.frames(0)['elements']
                        if e['category'] == 'cell' and e['section'] == 0), key=lambda e: e['item'])
        self.cards = [c['frame'] for c in cells]           # at carousel offset 0
        self.screen_w = self.layout['container']['width']
        self.screen_h = self.layout['container']['height']

    def frames(self, carousel_offset=None):
        command = [self.snaplayout, '--json']
        if carousel_offset is not None:
            command += ['--offset', f'0={carousel_offset!r}']
        return json.loads(subprocess.run(command, check=True, capture_output=True).stdout)

    def expect(self, condition, message):
        if condition:
            self.passed += 1
        else:
            self.failures.append(message)

    def near(self, shot, what, value, wanted):
        self.expect(abs(value - wanted) <= TOLERANCE,
                    f'{shot}: {what} is {value}, expected {wanted:.2f} (+-{TOLERANCE})')

    def card_rest_offset(self, k):
        """The carousel offset that centres card k (groupPagingCentered)."""
        frame = self.cards[k]
        return frame['x'] + frame['width'] / 2 - self.screen_w / 2

    def drawn(self, frame, scale):
        """Pixel edges of a frame drawn scaled about its centre: left, right, top, bottom."""
        cx, cy = frame['x'] + frame['width'] / 2, frame['y'] + frame['height'] / 2
        w, h = frame['width'] * scale, frame['height'] * scale
        return (round(cx - w / 2), round(cx + w / 2) - 1, round(cy - h / 2), round(cy + h / 2) - 1)

    def carousel(self, name, k):
        """Card k rests centred at full size; its neighbours are drawn smaller."""
        shot = f'{name}.bmp'
        image = Image(f'{self.directory}/{shot}')
        layout = self.frames(self.card_rest_offset(k))
        cells = {e['item']: e for e in layout['elements']
                 if e['category'] == 'cell' and e['section'] == 0}
        card = cells[k]
        self.near(shot, f'card {k} centre (frame from snaplayout)',
                  card['frame']['x'] + card['frame']['width'] / 2, self.screen_w / 2)
        left, right, top, bottom = self.drawn(card['frame'], card.get('scale', 1))
        cx, cy = self.screen_w // 2, (top + bottom) // 2
        colour = image.at(cx, cy)
        self.expect(colour == CARD_PALETTE[k % 8],
                    f'{shot}: the centred card has colour {colour}, card {k} is '
                    f'{CARD_PALETTE[k % 8]}' + (f' (card {CARD_PALETTE.index(colour)}\'s)'
                                                 if colour in CARD_PALETTE else ''))
        x0, x1 = image.run(cx, cy, 1, 0)
        y0, y1 = image.run(cx, cy, 0, 1)
        for what, value, wanted in (('left edge', x0, left), ('right edge', x1, right),
                                    ('top edge', y0, top), ('bottom edge', y1, bottom)):
            self.near(shot, f'card {k} {what}', value, wanted)
        height = y1 - y0 + 1
        for j in (k - 1, k + 1):
            if j not in cells:
                continue
            scale = cells[j].get('scale', 1)
            nl, nr, nt, nb = self.drawn(cells[j]['frame'], scale)
            visible = (max(nl, 0), min(nr, self.screen_w - 1))
            if visible[1] - visible[0] < 2:
                continue
            nx = (visible[0] + visible[1]) // 2
            colour = image.at(nx, cy)
            self.expect(colour == CARD_PALETTE[j % 8],
                        f'{shot}: at x={nx} expected card {j} {CARD_PALETTE[j % 8]}, got {colour}')
            ny0, ny1 = image.run(nx, cy, 0, 1)
            self.near(shot, f'card {j} (scale {scale:.3f}) top edge', ny0, nt)
            self.near(shot, f'card {j} bottom edge', ny1, nb)
            self.expect(height - (ny1 - ny0 + 1) >= 10,
                        f'{shot}: the centred card is {height} px high, its neighbour {j} '
                        f'{ny1 - ny0 + 1}: not drawn larger')

    def element(self, kind, section):
        return next(e['frame'] for e in self.layout['elements']
                    if e['kind'] == kind and e['section'] == section)

    def vertical(self, name, offset, pinned_header=False, overscrolled=False):
        """The main scroll at `offset`: the list's header and footer where they must be."""
        shot = f'{name}.bmp'
        image = Image(f'{self.directory}/{shot}')
        header, footer = self.element('header', 2), self.element('footer', 2)
        x = header['x'] + header['width'] * 0.8   # right of the labels
        if overscrolled:
            # Past the end: the footer has moved up, and the screen shows below it.
            top = round(footer['y'] - self.screen_h) + 1
            bottom_colour = image.at(x, self.screen_h - 1)
            self.expect(bottom_colour == SCREEN,
                        f'{shot}: expected the empty overscroll area at the bottom, got '
                        f'{bottom_colour}')
            y = self.screen_h - 2
            while y > 0 and image.at(x, y) != FOOTER:
                y -= 1
            self.expect(image.at(x, y) == FOOTER and y < footer['y'] - offset - 20,
                        f'{shot}: the footer is not pulled up past the end (bottom at {y})')
            return
        for frame, colour, what in ((header, HEADER, 'list header'), (footer, FOOTER, 'footer')):
            top = round(frame['y'] - offset)
            bottom = round(frame['y'] + frame['height'] - offset) - 1
            if pinned_header and frame is header:
                top, bottom = 0, round(frame['height']) - 1
            if bottom < 0 or top >= self.screen_h:
                continue
            probe = (max(top, 0) + min(bottom, self.screen_h - 1)) // 2
            seen = image.at(x, probe)
            self.expect(seen == colour, f'{shot}: the {what} should be at y={top}...{bottom}, '
                                        f'at y={probe} the colour is {seen}')
            if seen != colour:
                continue
            y0, y1 = image.run(x, probe, 0, 1)
            if top >= 0:
                self.near(shot, f'{what} top', y0, top)
            if bottom < self.screen_h:
                self.near(shot, f'{what} bottom', y1, bottom)

    def run(self):
        # The script's gestures and where the rules of SNAPPING.md put them.
        self.carousel('01-launch', 0)          # at launch
        self.carousel('02-fling', 1)           # a 1200 pt/s fling: one card on
        self.carousel('03-slow-drag', 1)       # 40 pt at 80 pt/s: under half a card, back
        self.carousel('04-hard-fling', 2)      # 3000 pt/s: still one card per gesture
        self.carousel('05-regrab', 4)          # caught on its way to 3, flung again: 4
        self.carousel('06-fling-back', 3)      # a fling the other way
        self.carousel('07-drag-hold', 3)       # held still before lifting: no fling, back
        # 100 pt up in 100 ms: released at 100 - SLOP, at 1000 pt/s = 1 pt/ms, projected
        # v * RATE / (1 - RATE) further.
        release, velocity = 100 - SLOP, 1.0
        self.vertical('08-vertical-fling', release + velocity * RATE / (1 - RATE))
        end = self.layout['contentSize']['height'] - self.screen_h
        self.vertical('09-bottom', end, pinned_header=True)
        self.vertical('10-overscroll', end, overscrolled=True)
        self.carousel('11-home', 3)
        return self.failures


def main(argv):
    if len(argv) == 4 and argv[1] == 'check':
        checker = Checker(argv[2], argv[3])
        failures = checker.run()
        for failure in failures:
            print(f'test-sdl: {failure}', file=sys.stderr)
        print(f'screenshots: {checker.passed} passed, {len(failures)} failed')
        return 1 if failures else 0
    if len(argv) >= 4 and argv[1] == 'png':
        write_png(argv[2], [Image(path) for path in argv[3:]])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
