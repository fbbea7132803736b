import { describe, expect, it } from 'vitest';
import { GerberError } from '../errors.ts';
import { LayerListError } from '../identify/validate-layers.ts';
import { DEFAULT_BOARD_COLORS } from './colors.ts';
import { NO_DRILL_WARNING, renderBoard } from './render-board.ts';

/** A Gerber file in mm with 4.6 coordinates (or inches with 2.6), body lines joined. */
function gerber(units: 'MM' | 'IN', ...body: string[]): string {
  return [`%FSLAX46Y46*%`, `%MO${units}*%`, ...body, 'M02*'].join('\n');
}

/** Coordinates in the 4.6 format: millionths. */
function xy(x: number, y: number): string {
  return `X${Math.round(x * 1e6)}Y${Math.round(y * 1e6)}`;
}

/** Lines of a closed polygon as separate D02/D01 strokes, in the order and direction given. */
function strokes(segments: [number, number, number, number][]): string[] {
  return segments.flatMap(([x1, y1, x2, y2]) => [`${xy(x1, y1)}D02*`, `${xy(x2, y2)}D01*`]);
}

/** A w × h rectangle from (x, y) as four strokes, shuffled and partly reversed. */
function rectangle(x: number, y: number, w: number, h: number): [number, number, number, number][] {
  return [
    [x + w, y + h, x, y + h],
    [x, y, x + w, y],
    [x, y, x, y + h],
    [x + w, y + h, x + w, y],
  ];
}

function outline(units: 'MM' | 'IN', segments: [number, number, number, number][]): string {
  return gerber(units, '%ADD10C,0.1*%', 'D10*', ...strokes(segments));
}

const COPPER = gerber('MM', '%ADD10C,1*%', 'D10*', `${xy(5, 5)}D03*`, `${xy(15, 25)}D03*`);
const MASK = gerber('MM', '%ADD10C,1.2*%', 'D10*', `${xy(5, 5)}D03*`);
const DRILL = ['M48', 'METRIC', 'T1C0.5', '%', 'G90', 'T1', 'X5.0Y5.0', 'M30'].join('\n');

function board(extra: object[] = []) {
  return renderBoard({
    layers: [
      { filename: 'b-Edge_Cuts.gbr', gerber: outline('MM', rectangle(0, 0, 20, 30)) },
      { filename: 'b-F_Cu.gbr', gerber: COPPER },
      { filename: 'b-B_Cu.gbr', gerber: COPPER },
      { filename: 'b-F_Mask.gbr', gerber: MASK },
      { filename: 'b.drl', gerber: DRILL },
      ...extra,
    ],
  });
}

describe('renderBoard', () => {
  it('takes size and shape from an outline drawn in any order and direction', () => {
    const result = board();
    expect(result).toMatchObject({
      widthMm: 20,
      lengthMm: 30,
      boardShape: 'outline',
      copperLayers: 2,
    });
    expect(result.top).toMatchObject({ viewBox: [0, -30000, 20000, 30000], units: 'mm' });
    expect(result.top.width).toBe(20);
    expect(result.bottom.viewBox).toEqual(result.top.viewBox);
  });

  it('identifies layers given by file name and lists each with its own SVG', () => {
    const { layers } = board();
    expect(layers.map(({ side, type }) => `${type}/${side}`)).toEqual([
      'outline/all',
      'copper/top',
      'copper/bottom',
      'soldermask/top',
      'drill/all',
    ]);
    for (const layer of layers) {
      expect(layer.rendered?.svg).toMatch(/^<svg /);
      expect(layer.error).toBeUndefined();
    }
  });

  it('reads sources given as bytes like text', () => {
    const bytes = Uint8Array.from(COPPER, (char) => char.charCodeAt(0));
    const fromBytes = renderBoard({ layers: [{ filename: 'b-F_Cu.gbr', gerber: bytes }] });
    const fromText = renderBoard({ layers: [{ filename: 'b-F_Cu.gbr', gerber: COPPER }] });
    expect(fromBytes.top.svg).toBe(fromText.top.svg);
  });

  it('keeps a side and type given by the caller', () => {
    const { layers, copperLayers } = renderBoard({
      layers: [{ filename: 'odd.name', side: 'inner', type: 'copper', gerber: COPPER }],
    });
    expect(layers[0]).toMatchObject({ side: 'inner', type: 'copper' });
    expect(copperLayers).toBe(1);
  });

  it('stacks base, copper, finish in the mask openings, mask, and cuts the holes', () => {
    const { top, bottom } = board();
    const colour = (value: string) => value.slice(0, 7);
    // Default colours (SPEC §3); the mask's alpha becomes an opacity.
    expect(top.svg).toContain(`fill='${DEFAULT_BOARD_COLORS.board}'`);
    expect(top.svg).toContain(`fill='${DEFAULT_BOARD_COLORS.copper}'`);
    expect(top.svg).toContain(`fill='${DEFAULT_BOARD_COLORS.copperFinish}'`);
    expect(top.svg).toContain(
      `fill='${colour(DEFAULT_BOARD_COLORS.mask)}' stroke='#004200' opacity='0.749'`,
    );
    expect(top.svg).toContain("<g mask='url(#top-holes)'><g clip-path='url(#top-shape)'>");
    const order = ['#666666', '#cccccc', 'url(#top-mask-openings)', 'url(#top-mask-cover)'];
    const body = top.svg.slice(top.svg.indexOf('</defs>'));
    const positions = order.map((text) => body.indexOf(text));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The bottom is seen from below: mirrored about the picture's centre (x from 0 to 20000).
    expect(bottom.svg).toContain("<g transform='matrix(-1 0 0 1 20000 0)'>");
    // The bottom has no mask layer: its copper is bare and shows the finish.
    expect(bottom.svg).not.toContain('mask-cover');
    expect(bottom.svg).toContain("<mask id='bottom-holes'");
  });

  it('gives the top, bottom and layer pictures their own ids', () => {
    const clear = gerber(
      'MM',
      '%ADD10C,4*%',
      'D10*',
      `${xy(5, 5)}D03*`,
      '%LPC*%',
      `${xy(5, 5)}D03*`,
    );
    const { top, bottom, layers } = board([{ filename: 'b-F_SilkS.gbr', gerber: clear }]);
    expect(layers[5]?.rendered?.svg).toContain("<mask id='l5-m");
    const ids = (svg: string) => [...svg.matchAll(/ id='([^']+)'/g)].map((match) => match[1]);
    const topIds = ids(top.svg);
    expect(topIds.length).toBeGreaterThan(0);
    expect(topIds.every((id) => id?.startsWith('top-'))).toBe(true);
    expect(ids(bottom.svg).every((id) => id?.startsWith('bottom-'))).toBe(true);
  });

  it('uses the given colours and refuses what is not a colour', () => {
    const layers = [{ filename: 'b-F_Cu.gbr', gerber: COPPER }];
    const { top } = renderBoard({
      layers,
      colors: { copperFinish: '#FFD700', mask: 'rgb(1,2,3)' },
    });
    expect(top.svg).toContain("fill='#ffd700'");
    expect(() => renderBoard({ layers, colors: { silk: '"/><script>' } })).toThrow(GerberError);
  });

  it('writes colours of the functional notation without their white space', () => {
    const layers = [{ filename: 'b-F_Cu.gbr', gerber: COPPER }];
    const { top } = renderBoard({ layers, colors: { copperFinish: 'rgb( 10,\t20,\n30 )' } });
    expect(top.svg).toContain("fill='rgb(10,20,30)'");
    // Nothing in the SVG for JSON to escape (see svgJsonString).
    expect(JSON.stringify(top.svg)).toHaveLength(top.svg.length + 2);
  });

  it('throws the SPEC §5 layer-list errors', () => {
    expect(() => renderBoard({ layers: 'x' as never })).toThrow(LayerListError);
    expect(() => renderBoard({ layers: [{ filename: 'a.gtl' }] })).toThrow(
      'layer 0 (a.gtl) is missing gerber source or cached converter',
    );
  });

  it('draws the other layers when one cannot be read, and lists its error', () => {
    const result = board([
      { filename: 'b-B_Mask.gbr', side: 'bottom', type: 'soldermask', gerber: 'not a layer file' },
    ]);
    const broken = result.layers[5];
    expect(broken).toMatchObject({ type: 'soldermask', rendered: null });
    expect(broken?.error).toBe('unable to determine filetype');
    expect(result.warnings).toContainEqual({
      filename: 'b-B_Mask.gbr',
      message: 'unable to determine filetype',
    });
    expect(result.boardShape).toBe('outline');
    expect(result.top.svg).toContain('#cc9933');
  });

  it('reuses a cached converter result instead of parsing', () => {
    const first = board();
    const layers = first.layers.map((layer) => ({
      side: layer.side,
      type: layer.type,
      converter: layer.converter as object,
    }));
    const again = renderBoard({ layers });
    expect(again.top.svg).toBe(first.top.svg);
    expect(again.timings.parseMs).toBeLessThan(first.timings.parseMs + 1);
  });

  it('reports timings per stage', () => {
    const { timings } = board();
    for (const value of Object.values(timings)) expect(value).toBeGreaterThanOrEqual(0);
    expect(timings.totalMs).toBeGreaterThanOrEqual(timings.parseMs);
  });

  it('gives stated drill and rout files the format of nc_param.txt, as identification does', () => {
    // Allegro's headerless NC files: fixed 3.5 inch coordinates, the format only in nc_param.txt.
    const params = ['INTEGER-PLACES 3', 'DECIMAL-PLACES 5', 'OUTPUT-UNITS ENGLISH'].join('\r\n');
    const holes = [';T01 Holesize 1. = 20.000000 PLATED MILS', '%', 'G90', 'T01'];
    const drill = [...holes, 'X00050000Y00050000', 'X00150000Y00250000', 'M30'].join('\r\n');
    const routPath = ['G00X00000000Y00000000', 'M15', 'G01X00200000Y00000000'];
    const routEdge = ['G01X00200000Y00300000', 'G01X00000000Y00300000', 'G01X00000000Y00000000'];
    const rout = [';HEADER:', '%', 'G90', 'T01', ...routPath, ...routEdge, 'M16', 'M30'];
    const copper = gerber('IN', '%ADD10C,0.05*%', 'D10*', `${xy(0.5, 0.5)}D03*`);
    const files = [
      { filename: 'board_lyr1.art', gerber: copper, side: 'top', type: 'copper' },
      { filename: 'board_NCDRILL.drl', gerber: drill, side: 'all', type: 'drill' },
      { filename: 'board_NCROUTE.rou', gerber: rout.join('\r\n'), side: 'all', type: 'outline' },
    ];
    const ncParam = { filename: 'nc_param.txt', gerber: params };
    const stated = renderBoard({ layers: [...files, ncParam] });
    const identified = renderBoard({
      layers: [...files.map(({ filename, gerber }) => ({ filename, gerber })), ncParam],
    });
    // Read as 3.5 inches the rout is a 2 × 3 inch board (less its tool) and the holes lie on it;
    // read in the default format they would be a hundred times smaller.
    expect(stated.boardShape).toBe('outline');
    expect(stated.widthMm).toBeGreaterThan(50);
    expect(stated.widthMm).toBeLessThan(2 * 25.4);
    expect(stated.lengthMm).toBeGreaterThan(75);
    expect(stated.lengthMm).toBeLessThan(3 * 25.4);
    const drillLayer = stated.layers[1]?.converter;
    expect(drillLayer?.box?.maxX).toBeCloseTo(1.5 + 0.01, 3);
    expect(drillLayer?.box?.maxY).toBeCloseTo(2.5 + 0.01, 3);
    expect(stated.layers.map((layer) => layer.type)).toEqual(['copper', 'drill', 'outline', null]);
    expect(stated.top.svg).toBe(identified.top.svg);
    expect(stated.bottom.svg).toBe(identified.bottom.svg);
    expect(stated.widthMm).toBe(identified.widthMm);
  });

  it('falls back to the copper extent without an outline, and to nothing without copper', () => {
    const copperOnly = renderBoard({ layers: [{ filename: 'b-F_Cu.gbr', gerber: COPPER }] });
    // Pads of 1 mm at (5, 5) and (15, 25).
    expect(copperOnly).toMatchObject({ boardShape: 'copper-extent', widthMm: 11, lengthMm: 21 });
    expect(copperOnly.warnings.map(({ message }) => message)).toEqual([
      'no closed board outline: the board shape is the extent of the copper layers',
      'no drill file: holes are not shown',
    ]);
    const silkOnly = renderBoard({ layers: [{ filename: 'b-F_SilkS.gbr', gerber: COPPER }] });
    expect(silkOnly).toMatchObject({ boardShape: 'none', widthMm: null, lengthMm: null });
    expect(silkOnly.top.viewBox).toEqual([4500, -25500, 11000, 21000]);
  });

  it('draws guessed layers without measuring them, in the shape they give until one is confirmed', () => {
    const guessedOutline = {
      filename: 'job2',
      type: 'outline',
      side: 'all',
      guessed: true,
      gerber: outline('MM', rectangle(0, 0, 20, 30)),
    } as const;
    const guessedCopper = {
      filename: 'job1',
      type: 'copper',
      side: 'top',
      guessed: true,
      gerber: COPPER,
    } as const;
    const guesses = renderBoard({ layers: [guessedOutline, guessedCopper] });
    expect(guesses).toMatchObject({
      boardShape: 'none',
      widthMm: null,
      lengthMm: null,
      copperLayers: 0,
      guessedShape: { source: 'outline', widthMm: 20, lengthMm: 30 },
    });
    // Drawn in the guessed outline's shape: the board's frame, not the copper's.
    expect(guesses.top.viewBox).toEqual(
      renderBoard({ layers: [{ ...guessedOutline, guessed: false }] }).top.viewBox,
    );
    expect(guesses.warnings.map(({ message }) => message)).toContain(
      'the board is drawn in the shape its guessed layers give: its size counts once they are confirmed',
    );
    // A confirmed copper layer measures the board; the guessed outline is not taken for it.
    const confirmed = renderBoard({
      layers: [guessedOutline, { ...guessedCopper, guessed: false }],
    });
    expect(confirmed).toMatchObject({ boardShape: 'copper-extent', widthMm: 11, copperLayers: 1 });
    expect(confirmed.guessedShape).toBeUndefined();
  });

  it('draws the holes of a board that has only a drill file', () => {
    const drillOnly = renderBoard({ layers: [{ filename: 'b.drl', gerber: DRILL }] });
    expect(drillOnly).toMatchObject({ boardShape: 'none', widthMm: null, copperLayers: 0 });
    // One 0.5 mm hole at (5, 5): the picture is the hole, not 0 × 0.
    expect(drillOnly.top.viewBox).toEqual([4750, -5250, 500, 500]);
    expect(drillOnly.top.width).toBeGreaterThan(0);
    // Without a board to cut through, the holes are drawn in the copper colour.
    expect(drillOnly.top.svg).toContain("<use href='#top-drill' fill='#cccccc' stroke='#cccccc'/>");
    expect(drillOnly.top.svg).not.toContain('mask=');
    expect(drillOnly.warnings.map(({ message }) => message)).toEqual([
      'no board outline and no copper: the board size is unknown',
    ]);
  });

  it('says when there is no drill file, and not when there is one', () => {
    const noDrill = renderBoard({
      layers: [
        { filename: 'b-Edge_Cuts.gbr', gerber: outline('MM', rectangle(0, 0, 20, 30)) },
        { filename: 'b-F_Cu.gbr', gerber: COPPER },
      ],
    });
    expect(noDrill.warnings).toEqual([{ filename: null, message: NO_DRILL_WARNING }]);
    expect(NO_DRILL_WARNING).toBe('no drill file: holes are not shown');
    expect(board().warnings).toEqual([]);
  });

  it('takes the size from the copper inside a title-block frame drawn on the copper layers', () => {
    // Pads over 20 × 10 mm, tracks between them, and an A4-sized frame with a title block and
    // its text (strokes) drawn with the copper, as some CAD tools plot every layer.
    const pads = ['%ADD11C,1*%', 'D11*', `${xy(10, 10)}D03*`, `${xy(30, 20)}D03*`];
    const track = ['%ADD12C,0.3*%', 'D12*', `${xy(10, 10)}D02*`, `${xy(30, 20)}D01*`];
    const frame = [
      '%ADD13C,0.2*%',
      'D13*',
      ...strokes(rectangle(-50, -80, 297, 210)),
      ...strokes(rectangle(167, -80, 80, 30)),
      ...strokes([
        [170, -70, 175, -60],
        [175, -60, 180, -70],
      ]),
    ];
    const framed = renderBoard({
      layers: [
        { filename: 'b-F_Cu.gbr', gerber: gerber('MM', ...pads, ...track, ...frame) },
        { filename: 'b.drl', gerber: DRILL },
      ],
    });
    expect(framed).toMatchObject({ boardShape: 'copper-extent', widthMm: 21, lengthMm: 11 });
    expect(framed.top.viewBox).toEqual([9500, -20500, 21000, 11000]);
    expect(framed.warnings.map(({ message }) => message)).toEqual([
      'no closed board outline: the board shape is the extent of the copper layers, without the frame or title block they draw around the board',
    ]);
    // An edge drawn on the copper a few millimetres around the pads is the board's.
    const edged = renderBoard({
      layers: [
        {
          filename: 'b-F_Cu.gbr',
          gerber: gerber(
            'MM',
            ...pads,
            ...track,
            '%ADD13C,0.2*%',
            'D13*',
            ...strokes(rectangle(5, 5, 30, 20)),
          ),
        },
        { filename: 'b.drl', gerber: DRILL },
      ],
    });
    expect(edged).toMatchObject({ boardShape: 'copper-extent', widthMm: 30.2, lengthMm: 20.2 });
  });

  it('draws a 743-byte step and repeat of 316 × 316 copies whole, holding its block once', () => {
    // 743 bytes of step-and-repeat asking for 316 × 316 copies of a dozen strokes.
    const strokesOf = Array.from({ length: 12 }, (_, index) => [
      `X${index * 100000}Y0D02*`,
      `X${index * 100000 + 50000}Y${(index % 3) * 70000 + 30000}D01*`,
    ]).flat();
    const repeated = gerber(
      'MM',
      '%ADD10C,0.2*%',
      '%SRX316Y316I2.5J2.5*%',
      'D10*',
      ...strokesOf,
      '%SR*%',
    );
    expect(repeated.length).toBeLessThan(800);
    const result = renderBoard({ layers: [{ filename: 'p-F_Cu.gbr', gerber: repeated }] });
    const repeat = result.layers[0]?.converter?.runs[0]?.graphics[0];
    expect(repeat?.type).toBe('repeat');
    if (repeat?.type !== 'repeat') return;
    expect(repeat.offsets).toHaveLength(2 * 316 * 316);
    expect(repeat.graphics.flatMap((g) => (g.type === 'stroke' ? g.segments : []))).toHaveLength(
      12,
    );
    expect(result.warnings.filter((w) => w.message.startsWith('simplified'))).toEqual([]);
    expect(result.widthMm).toBeGreaterThan(315 * 2.5);
  });

  it('says exactly what a region too large for a layer’s drawing leaves out', () => {
    // An unclosed region of arcs: 20,000 of them (each about 30 bytes) over a 100 kB drawing.
    const arcs = Array.from({ length: 20_000 }, (_, index) =>
      index % 2 ? 'G03X0Y0I-500000J0D01*' : 'G03X1000000Y0I500000J0D01*',
    );
    const region = gerber('MM', '%ADD10C,0.1*%', 'G75*', 'G36*', 'X0Y0D02*', ...arcs);
    const result = renderBoard({
      layers: [{ filename: 'arcs-F_Cu.gbr', gerber: region }],
      budget: { layerSvgBytes: 100_000 },
    });
    expect(result.layers[0]?.rendered?.svg.length).toBeLessThan(100_000);
    expect(result.warnings).toContainEqual({
      filename: null,
      message:
        "simplified to stay within the render's limits: arcs-F_Cu.gbr is drawn without a region of 20,000 edges, too large to fit: the drawing of one layer takes at most 100 kB",
    });
  });

  it('keeps a board within its element and SVG budgets, naming each layer cut short', () => {
    const pads = (count: number) =>
      gerber(
        'MM',
        '%ADD10C,0.5*%',
        'D10*',
        ...Array.from(
          { length: count },
          (_, index) => `${xy(index % 100, Math.floor(index / 100))}D03*`,
        ),
      );
    const layers = [
      { filename: 'b-F_Cu.gbr', gerber: pads(600) },
      { filename: 'b-B_Cu.gbr', gerber: pads(600) },
      { filename: 'b-In1_Cu.gbr', gerber: pads(600) },
      { filename: 'b.drl', gerber: DRILL },
    ];
    const byElements = renderBoard({ layers, budget: { boardElements: 1000 } });
    const drawn = byElements.layers.map((layer) =>
      layer.converter?.runs
        .flatMap((run) => run.graphics)
        .reduce((sum, g) => sum + (g.type === 'flash' ? g.positions.length / 2 : 0), 0),
    );
    expect(drawn).toEqual([600, 400, 0, 0]);
    const simplifications = (result: ReturnType<typeof renderBoard>) =>
      result.warnings.flatMap(({ filename, message }) =>
        filename === null && message.startsWith('simplified') ? [message] : [],
      );
    expect(simplifications(byElements)).toEqual([
      "simplified to stay within the render's limits: b-B_Cu.gbr is drawn in part: a board draws at most 1,000 flashes, lines and edges",
      "simplified to stay within the render's limits: b-In1_Cu.gbr is not drawn: a board draws at most 1,000 flashes, lines and edges",
      "simplified to stay within the render's limits: b.drl is not drawn: a board draws at most 1,000 flashes, lines and edges",
    ]);

    const full = renderBoard({ layers });
    const layerBytes = full.layers[0]?.rendered?.svg.length ?? 0;
    const byBytes = renderBoard({
      layers,
      budget: { layerSvgBytes: layerBytes / 2, boardSvgBytes: layerBytes },
    });
    // What a layer left out: its flashes less those its picture draws (each pad one path move).
    const leftOut = (index: number) => {
      const paths = byBytes.layers[index]?.rendered?.svg.match(/ d='[^']*'/g) ?? [];
      return 600 - paths.reduce((sum, d) => sum + (d.match(/[mM]/g)?.length ?? 0), 0);
    };
    expect(simplifications(byBytes)).toEqual([
      `simplified to stay within the render's limits: b-F_Cu.gbr is drawn without ${leftOut(0)} of 600 flashes, lines and edges: the drawing of one layer takes at most ${Math.round(layerBytes / 2000)} kB`,
      // What the first layer left of the board's budget is less than half a layer.
      `simplified to stay within the render's limits: b-B_Cu.gbr is drawn without ${leftOut(1)} of 600 flashes, lines and edges: the drawings of a board take at most ${Math.round(layerBytes / 1000)} kB`,
      `simplified to stay within the render's limits: b-In1_Cu.gbr is not drawn: the drawings of a board take at most ${Math.round(layerBytes / 1000)} kB`,
      `simplified to stay within the render's limits: b.drl is not drawn: the drawings of a board take at most ${Math.round(layerBytes / 1000)} kB`,
    ]);
    expect(byBytes.layers[0]?.rendered?.svg.length).toBeLessThan(layerBytes);
    expect(() => renderBoard({ layers, budget: { boardElements: -1 } })).toThrow(
      'budget.boardElements must be a number of at least 0',
    );
  });

  it('fills gaps up to the gap fill, divided by 25.4 for inch files', () => {
    // 0.000003 in is within the default 0.00011 mm / 25.4; 0.000006 in is not.
    const gapped = (gap: number) =>
      renderBoard({
        layers: [
          { filename: 'b-F_Cu.gbr', gerber: COPPER },
          { filename: 'b.drl', gerber: DRILL },
          {
            filename: 'b-Edge_Cuts.gbr',
            gerber: outline('IN', [
              [0, 0, 1, 0],
              [1, 0, 1, 1],
              [1, 1, 0, 1],
              [0, 1, 0, gap],
            ]),
          },
        ],
      });
    const small = gapped(0.000003);
    expect(small).toMatchObject({ boardShape: 'outline', widthMm: 25.4, lengthMm: 25.4 });
    expect(small.warnings).toEqual([]);
    const wider = gapped(0.000006);
    expect(wider.boardShape).toBe('outline');
    expect(wider.warnings.map(({ message }) => message)).toEqual([
      'board outline gaps up to 0.01 mm were closed',
    ]);
    const mmGap = renderBoard({
      outlineGapFill: 0.2,
      layers: [
        {
          filename: 'b-Edge_Cuts.gbr',
          gerber: outline('MM', [
            [0, 0, 10, 0],
            [10, 0.15, 10, 10],
            [10, 10, 0, 10],
            [0, 10, 0, 0],
          ]),
        },
      ],
    });
    expect(mmGap).toMatchObject({ boardShape: 'outline', widthMm: 10, lengthMm: 10, warnings: [] });
  });

  it('takes the board inside a frame around it, and loops without copper as cut-outs', () => {
    const result = renderBoard({
      layers: [
        { filename: 'b-F_Cu.gbr', gerber: COPPER },
        {
          filename: 'b-Edge_Cuts.gbr',
          gerber: outline('MM', [
            ...rectangle(-10, -10, 40, 50),
            ...rectangle(0, 0, 20, 30),
            ...rectangle(8, 12, 4, 4),
          ]),
        },
      ],
    });
    expect(result).toMatchObject({ widthMm: 20, lengthMm: 30, boardShape: 'outline' });
    const clip = /<clipPath id='top-shape'><path d='([^']+)'/.exec(result.top.svg)?.[1] ?? '';
    // The board edge and one cut-out: two closed subpaths.
    expect(clip.match(/z/g)).toHaveLength(2);
  });

  it('finds the copper inside a round board of many chords within a frame', () => {
    // A 360-gon: each copper flash near its edge is tested against the chords at its height.
    const corners = Array.from({ length: 360 }, (_, k) => {
      const angle = (k * Math.PI) / 180;
      return [10 + 20 * Math.cos(angle), 15 + 20 * Math.sin(angle)] as const;
    });
    const round = corners.map(([x1, y1], k): [number, number, number, number] => {
      const [x2, y2] = corners[(k + 1) % corners.length] as readonly [number, number];
      return [x1, y1, x2, y2];
    });
    const flashes = Array.from({ length: 24 }, (_, k) => {
      const angle = ((k * 15 + 7) * Math.PI) / 180;
      return `${xy(10 + 19.5 * Math.cos(angle), 15 + 19.5 * Math.sin(angle))}D03*`;
    });
    const result = renderBoard({
      layers: [
        { filename: 'b-F_Cu.gbr', gerber: gerber('MM', '%ADD10C,0.2*%', 'D10*', ...flashes) },
        {
          filename: 'b-Edge_Cuts.gbr',
          gerber: outline('MM', [...rectangle(-20, -20, 60, 70), ...round]),
        },
      ],
    });
    expect(result.boardShape).toBe('outline');
    expect(result.widthMm).toBeCloseTo(40, 1);
    expect(result.lengthMm).toBeCloseTo(40, 1);
  });

  it('draws layers of other units at the scale of the board', () => {
    const result = renderBoard({
      layers: [
        { filename: 'b-Edge_Cuts.gbr', gerber: outline('IN', rectangle(0, 0, 1, 2)) },
        { filename: 'b-F_Cu.gbr', gerber: COPPER },
      ],
    });
    expect(result).toMatchObject({ widthMm: 25.4, lengthMm: 50.8 });
    expect(result.top.units).toBe('in');
    expect(result.top.svg).toContain(`<g transform='scale(${1 / 25.4})'>`);
  });

  it('refuses a gap fill that is not a length', () => {
    expect(() => renderBoard({ layers: [], outlineGapFill: -1 })).toThrow(GerberError);
  });
});
