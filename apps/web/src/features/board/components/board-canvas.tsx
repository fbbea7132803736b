import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { usePanZoom } from '../hooks/use-pan-zoom.ts';
import type { FrameMm } from '../lib/board-picture.ts';
import type { PreviewImage } from '../lib/board-render.ts';
import { hairlineWidthForBitmap, hasHairlines, widenHairlines } from '../lib/hairlines.ts';
import {
  drawOverlay,
  indexParts,
  type OverlayPart,
  overlayDrawing,
  partAt,
} from '../lib/overlay-scene.ts';
import { type Size, type View, viewTransform } from '../lib/pan-zoom.ts';
import {
  baseBitmapSize,
  detailDraw,
  firstBitmapSize,
  needsDetail,
  stripDraw,
  UPGRADE_STRIPS,
} from '../lib/picture-raster.ts';
import classes from './board-canvas.module.css';

/** CSS pixels per board millimetre at zoom 1 before fitting; the fit scales it to the viewport. */
const PX_PER_MM = 8;

/** A press that moves less than this is a click (it picks a part), not a drag. */
const CLICK_SLOP_PX = 4;

/** One arrow key press shifts the placements this far; with Shift, ten times as far. */
export const SHIFT_STEP_MM = 0.1;

/** The placed parts drawn over the picture, in its millimetres (see overlay-scene.ts). */
export type CanvasOverlay = {
  parts: readonly OverlayPart[];
  selectedId: number | null;
  /** A click on the board picks the part under it (null: on no part). */
  onSelect?: (part: OverlayPart | null) => void;
  /**
   * While set, dragging and the arrow keys shift every part (picture millimetres, y down)
   * instead of moving the view: the placements are aligned with the copper by hand.
   */
  onShift?: ((dx: number, dy: number) => void) | null;
};

interface BoardCanvasProps {
  /** SVG text of the picture, drawn over `frame` (board millimetres). */
  svg: string;
  /** A bitmap of the same picture, shown while the SVG is decoded. */
  preview?: PreviewImage;
  /** Called once a picture (the preview or the SVG's) is on screen. */
  onShown?: () => void;
  frame: FrameMm;
  /** Drawn over the picture in the same millimetre coordinates (the placements overlay). */
  overlay?: CanvasOverlay;
  label: string;
  height: number | string;
}

/** An image decoded and ready to be drawn, or null; `settled` once its decode ended either way. */
type DecodedImage = { image: HTMLImageElement | null; settled: boolean };

/**
 * The image at a URL (or of a Blob), decoded; null until then. A new source keeps the previous
 * image until its own is ready; no source clears it.
 */
function useDecodedImage(source: Blob | string | null): DecodedImage {
  const [decoded, setDecoded] = useState<DecodedImage>({ image: null, settled: false });
  useEffect(() => {
    if (source === null) {
      setDecoded({ image: null, settled: false });
      return;
    }
    const url = typeof source === 'string' ? source : URL.createObjectURL(source);
    const loading = new Image();
    let current = true;
    loading.src = url;
    const decoding = typeof loading.decode === 'function' ? loading.decode() : Promise.resolve();
    decoding.then(
      () => {
        if (current) setDecoded({ image: loading, settled: true });
      },
      () => {
        if (current) setDecoded({ image: null, settled: true });
      },
    );
    return () => {
      current = false;
      if (typeof source !== 'string') URL.revokeObjectURL(url);
    };
  }, [source]);
  return decoded;
}

/** A preview ready to be drawn: decoded here from its URL, or decoded already. */
function usePreviewImage(preview: PreviewImage | undefined): {
  image: CanvasImageSource | null;
  settled: boolean;
} {
  const decoded = useDecodedImage(typeof preview === 'string' ? preview : null);
  if (preview === undefined || typeof preview === 'string') return decoded;
  return { image: preview, settled: true };
}

/** Runs `work` once the frame drawn now is on screen; answers how to cancel it. */
function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** A viewer control: an icon button named by `label`, its keyboard shortcut in the tooltip. */
function ViewButton({
  label,
  shortcut,
  onClick,
  children,
}: {
  label: string;
  shortcut: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={`${label} (${shortcut})`} withArrow>
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Runs `work` when the page is idle (soon, in any case); answers how to cancel it. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 50);
  return () => clearTimeout(handle);
}

/** Time a step of drawing may take before it yields to the next frame. */
const STEP_BUDGET_MS = 6;

/**
 * Runs `steps` in tasks of a few milliseconds each, so a move of the user is answered between
 * them; calls `done` after the last. Answers how to stop it.
 */
function runInSteps(steps: Generator<unknown, unknown>, done: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const start = performance.now();
    while (performance.now() - start < STEP_BUDGET_MS) {
      if (steps.next().done) {
        done();
        return;
      }
    }
    timer = setTimeout(next, 0);
  };
  timer = setTimeout(next, 0);
  return () => clearTimeout(timer);
}

function context2d(canvas: HTMLCanvasElement | null): CanvasRenderingContext2D | null {
  try {
    return canvas?.getContext('2d') ?? null;
  } catch {
    return null;
  }
}

/**
 * The board picture with pan and zoom: drag or arrow keys move it, the wheel or +/− zoom, 0 or
 * the fit button shows it whole. The SVG is drawn once into a bitmap that moving only transforms:
 * first at the size of the fitted view, so the board shows as soon as that is drawn, then at the
 * full size a strip at a time while nothing moves. When the user stops on a close-up, the part on
 * screen is drawn again from the SVG, sharp.
 */
export function BoardCanvas({
  svg,
  preview,
  onShown,
  frame,
  overlay,
  label,
  height,
}: BoardCanvasProps) {
  const previewImage = usePreviewImage(preview);
  /** The preview that is on screen, if any. */
  const [previewPainted, setPreviewPainted] = useState<PreviewImage | null>(null);
  // Decoding a large SVG holds the page's thread for up to a second: with a preview, it starts
  // once the preview is on screen (or could not be decoded).
  const svgMayStart =
    !preview || previewPainted === preview || (previewImage.settled && !previewImage.image);
  const svgBlob = useMemo(() => new Blob([svg], { type: 'image/svg+xml' }), [svg]);
  // An empty SVG is a side whose picture has not arrived yet.
  const { image } = useDecodedImage(svgMayStart && svg !== '' ? svgBlob : null);
  // The full bitmap is shown smaller than it is drawn: its hairlines are drawn wider (hairlines.ts),
  // from a second decode of the picture, once the first is on screen.
  const [hairlineWidth, setHairlineWidth] = useState(1);
  const wideSvgBlob = useMemo(
    () =>
      hairlineWidth > 1 && hasHairlines(svg)
        ? new Blob([widenHairlines(svg, hairlineWidth)], { type: 'image/svg+xml' })
        : null,
    [svg, hairlineWidth],
  );
  const { image: wideImage } = useDecodedImage(image ? wideSvgBlob : null);
  const baseRef = useRef<HTMLCanvasElement | null>(null);
  const detailRef = useRef<HTMLCanvasElement | null>(null);
  const rested = useRef<{ view: View; viewport: Size } | null>(null);
  const [drawnImage, setDrawnImage] = useState<HTMLImageElement | null>(null);
  const pictureShown = drawnImage
    ? 'svg'
    : preview && previewPainted === preview && previewImage.image
      ? 'preview'
      : null;
  useEffect(() => {
    if (pictureShown) onShown?.();
  }, [pictureShown, onShown]);
  /** The size the base bitmap is drawn at now (the first paint's, then the full one). */
  const [drawnBitmap, setDrawnBitmap] = useState<Size>({ width: 0, height: 0 });
  /** Whether the picture is moving: the full bitmap waits for it to stop. */
  const moving = useRef(false);
  const size = useMemo(
    () => ({ width: frame.width * PX_PER_MM, height: frame.height * PX_PER_MM }),
    [frame.width, frame.height],
  );
  const bitmap = useMemo(() => baseBitmapSize(size), [size]);

  const hideDetail = useCallback(() => {
    if (detailRef.current) detailRef.current.style.visibility = 'hidden';
  }, []);

  const drawDetail = useCallback(() => {
    const canvas = detailRef.current;
    const at = rested.current;
    if (!canvas || !at || !drawnImage) return;
    const ratio = window.devicePixelRatio || 1;
    const natural = {
      width: drawnImage.naturalWidth || size.width,
      height: drawnImage.naturalHeight || size.height,
    };
    const draw = needsDetail(at.view, size, drawnBitmap, ratio)
      ? detailDraw(at.view, size, at.viewport, natural)
      : null;
    const context = context2d(canvas);
    if (!draw || !context) {
      hideDetail();
      return;
    }
    canvas.width = Math.round(at.viewport.width * ratio);
    canvas.height = Math.round(at.viewport.height * ratio);
    context.clearRect(0, 0, canvas.width, canvas.height);
    const { source, target } = draw;
    context.drawImage(
      drawnImage,
      source.x,
      source.y,
      source.width,
      source.height,
      target.x * ratio,
      target.y * ratio,
      target.width * ratio,
      target.height * ratio,
    );
    canvas.style.visibility = 'visible';
  }, [drawnImage, size, drawnBitmap, hideDetail]);

  const overlayBaseRef = useRef<HTMLCanvasElement | null>(null);
  const overlayDetailRef = useRef<HTMLCanvasElement | null>(null);
  const overlayShiftRef = useRef<HTMLDivElement | null>(null);
  const parts = overlay?.parts;
  // Where each part lies: the view's parts and the part under a click without a scan of all.
  const partIndex = useMemo(() => (parts ? indexParts(parts) : null), [parts]);
  /** Stops the sharp drawing under way, if any. */
  const stopOverlayDetail = useRef<() => void>(() => {});

  const hideOverlayDetail = useCallback(() => {
    stopOverlayDetail.current();
    if (overlayDetailRef.current) overlayDetailRef.current.style.visibility = 'hidden';
    if (overlayBaseRef.current) overlayBaseRef.current.style.visibility = 'visible';
  }, []);

  // The parts on screen, drawn sharp at the view where the picture rests, labels included: in
  // steps of a few milliseconds (a move stops it), shown over the moving bitmap once whole.
  const drawOverlayDetail = useCallback(() => {
    hideOverlayDetail();
    const canvas = overlayDetailRef.current;
    const at = rested.current;
    const context = context2d(canvas);
    if (!canvas || !at || !context || !partIndex) return;
    const ratio = window.devicePixelRatio || 1;
    const pxPerMm = PX_PER_MM * at.view.scale;
    canvas.width = Math.round(at.viewport.width * ratio);
    canvas.height = Math.round(at.viewport.height * ratio);
    const originX = frame.x - at.view.x / pxPerMm;
    const originY = frame.y - at.view.y / pxPerMm;
    context.clearRect(0, 0, canvas.width, canvas.height);
    const shown = partIndex.within({
      minX: originX,
      minY: originY,
      maxX: originX + at.viewport.width / pxPerMm,
      maxY: originY + at.viewport.height / pxPerMm,
    });
    const drawing = overlayDrawing(
      context,
      shown,
      { originX, originY, scale: pxPerMm * ratio },
      ratio,
    );
    stopOverlayDetail.current = runInSteps(drawing, () => {
      canvas.style.visibility = 'visible';
      if (overlayBaseRef.current) overlayBaseRef.current.style.visibility = 'hidden';
    });
  }, [partIndex, frame.x, frame.y, hideOverlayDetail]);

  useEffect(() => () => stopOverlayDetail.current(), []);

  const panZoom = usePanZoom(size, {
    onMove: () => {
      moving.current = true;
      hideDetail();
      hideOverlayDetail();
    },
    onSettle: (view, viewport) => {
      moving.current = false;
      rested.current = { view, viewport };
      drawDetail();
      drawOverlayDetail();
    },
  });
  const { viewportRef, getView, getViewportSize, centerOn, zoomOn } = panZoom;

  // Parts shown after the picture moved start where the picture is, not at its first place.
  const hasOverlay = overlay !== undefined;
  useLayoutEffect(() => {
    if (hasOverlay && panZoom.overlayRef.current) {
      panZoom.overlayRef.current.style.transform = viewTransform(getView());
    }
  }, [hasOverlay, panZoom.overlayRef, getView]);

  // Every part, once per change of the parts, into a bitmap that moves with the picture.
  useEffect(() => {
    const canvas = overlayBaseRef.current;
    const context = context2d(canvas);
    if (!canvas || !context || !parts || frame.width <= 0) return;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    context.clearRect(0, 0, bitmap.width, bitmap.height);
    drawOverlay(
      context,
      parts,
      { originX: frame.x, originY: frame.y, scale: bitmap.width / frame.width },
      null,
    );
    if (overlayShiftRef.current) overlayShiftRef.current.style.transform = '';
    if (!moving.current) drawOverlayDetail();
  }, [parts, bitmap, frame, drawOverlayDetail]);

  // Screen pixels per millimetre at the view shown: the picked part's lines stay this thin on
  // screen (the picture is scaled by CSS, which a non-scaling stroke does not see). The view
  // changes without renders; the zoom state renders once it rests.
  const screenPxPerMm = PX_PER_MM * getView().scale;
  const selectedId = overlay?.selectedId ?? null;
  const selected = useMemo(
    () => (selectedId === null ? null : (parts?.find((part) => part.id === selectedId) ?? null)),
    [parts, selectedId],
  );

  // A part picked elsewhere (the placements table) is brought into view, once per pick.
  const broughtIntoView = useRef<number | null>(null);
  useEffect(() => {
    if (!selected) {
      broughtIntoView.current = null;
      return;
    }
    if (broughtIntoView.current === selected.id) return;
    broughtIntoView.current = selected.id;
    const view = getView();
    const viewport = getViewportSize();
    const toPx = (mmX: number, mmY: number) => ({
      x: (mmX - frame.x) * PX_PER_MM,
      y: (mmY - frame.y) * PX_PER_MM,
    });
    const center = toPx(selected.centerX, selected.centerY);
    // A marked place (a DFM finding: negative id) is zoomed to, its square a quarter of the view.
    if (selected.id < 0) {
      const sidePx =
        Math.max(selected.maxX - selected.minX, selected.maxY - selected.minY) * PX_PER_MM;
      zoomOn(center, Math.min(viewport.width, viewport.height) / 4 / Math.max(sidePx, 1e-6));
      return;
    }
    const onScreen = {
      x: view.x + center.x * view.scale,
      y: view.y + center.y * view.scale,
    };
    const margin = 24;
    if (
      onScreen.x < margin ||
      onScreen.y < margin ||
      onScreen.x > viewport.width - margin ||
      onScreen.y > viewport.height - margin
    ) {
      centerOn(center);
    }
  }, [selected, frame.x, frame.y, getView, getViewportSize, centerOn, zoomOn]);

  const press = useRef<{ pointerId: number; x: number; y: number; shifting: boolean } | null>(null);
  const onShift = overlay?.onShift ?? null;
  const onSelect = overlay?.onSelect;

  /** Where a point of the viewport (client px) lies on the picture, in millimetres. */
  const pictureMmAt = (clientX: number, clientY: number) => {
    const box = viewportRef.current?.getBoundingClientRect();
    const view = panZoom.getView();
    const left = box?.left ?? 0;
    const top = box?.top ?? 0;
    return {
      x: frame.x + (clientX - left - view.x) / view.scale / PX_PER_MM,
      y: frame.y + (clientY - top - view.y) / view.scale / PX_PER_MM,
    };
  };

  const handlers = panZoom.viewportHandlers;
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const shifting = onShift !== null;
    press.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, shifting };
    if (shifting) {
      event.currentTarget.setPointerCapture(event.pointerId);
      hideOverlayDetail();
    } else handlers.onPointerDown(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = press.current;
    if (start?.shifting && start.pointerId === event.pointerId) {
      const scale = panZoom.getView().scale;
      const dx = (event.clientX - start.x) / scale;
      const dy = (event.clientY - start.y) / scale;
      if (overlayShiftRef.current) {
        overlayShiftRef.current.style.transform = `translate(${dx}px, ${dy}px)`;
      }
      return;
    }
    handlers.onPointerMove(event);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = press.current;
    press.current = null;
    if (!start || start.pointerId !== event.pointerId) {
      handlers.onPointerUp(event);
      return;
    }
    const moved = Math.hypot(event.clientX - start.x, event.clientY - start.y);
    if (start.shifting) {
      const scale = panZoom.getView().scale * PX_PER_MM;
      if (moved >= CLICK_SLOP_PX && onShift) {
        onShift((event.clientX - start.x) / scale, (event.clientY - start.y) / scale);
      } else {
        if (overlayShiftRef.current) overlayShiftRef.current.style.transform = '';
        drawOverlayDetail();
      }
      return;
    }
    handlers.onPointerUp(event);
    if (moved < CLICK_SLOP_PX && onSelect && partIndex) {
      const at = pictureMmAt(event.clientX, event.clientY);
      // A few screen pixels of slack: small parts are hard to hit at the fitted view.
      const slack = 6 / (panZoom.getView().scale * PX_PER_MM);
      const near = partIndex.within({
        minX: at.x - slack,
        minY: at.y - slack,
        maxX: at.x + slack,
        maxY: at.y + slack,
      });
      onSelect(partAt(near, at.x, at.y, slack));
    }
  };
  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    press.current = null;
    if (overlayShiftRef.current) overlayShiftRef.current.style.transform = '';
    handlers.onPointerCancel(event);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const arrow = arrows[event.key];
    if (onShift && arrow) {
      const step = event.shiftKey ? SHIFT_STEP_MM * 10 : SHIFT_STEP_MM;
      onShift(arrow[0] * step, arrow[1] * step);
      event.preventDefault();
      return;
    }
    if (event.key === 'Escape' && onSelect && selected) {
      onSelect(null);
      event.preventDefault();
      return;
    }
    handlers.onKeyDown(event);
  };

  // The bitmap everything moves: drawn once per picture, first at the fitted view's size.
  useEffect(() => {
    const canvas = baseRef.current;
    const context = context2d(canvas);
    const shown = image ?? (preview ? previewImage.image : null);
    if (!canvas || !shown) return;
    const viewport = viewportRef.current;
    const viewportSize = { width: viewport?.clientWidth ?? 0, height: viewport?.clientHeight ?? 0 };
    const first = firstBitmapSize(size, viewportSize, window.devicePixelRatio || 1, bitmap);
    canvas.width = first.width;
    canvas.height = first.height;
    context?.clearRect(0, 0, first.width, first.height);
    context?.drawImage(shown, 0, 0, first.width, first.height);
    setDrawnBitmap(first);
    setDrawnImage(image);
    if (!image) return afterNextPaint(() => setPreviewPainted(preview ?? null));
    if (!context || first.width >= bitmap.width) return;
    const widened = hairlineWidthForBitmap(
      bitmap,
      size,
      viewportSize,
      window.devicePixelRatio || 1,
    );
    setHairlineWidth(widened);
    // With hairlines to widen, the full bitmap waits for the picture that widens them.
    const source = wideSvgBlob ? wideImage : image;
    if (!source || (widened > 1 && hasHairlines(svg) && !wideSvgBlob)) return;

    // The full bitmap, drawn aside a strip per idle moment and swapped in once whole.
    const full = document.createElement('canvas');
    full.width = bitmap.width;
    full.height = bitmap.height;
    const fullContext = context2d(full);
    const natural = {
      width: source.naturalWidth || size.width,
      height: source.naturalHeight || size.height,
    };
    let strip = 0;
    let cancel = whenIdle(function next() {
      if (!fullContext) return;
      if (!moving.current) {
        const draw = stripDraw(strip, UPGRADE_STRIPS, natural, bitmap);
        fullContext.drawImage(
          source,
          draw.source.x,
          draw.source.y,
          draw.source.width,
          draw.source.height,
          draw.target.x,
          draw.target.y,
          draw.target.width,
          draw.target.height,
        );
        strip++;
      }
      if (strip < UPGRADE_STRIPS) {
        cancel = whenIdle(next);
        return;
      }
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      context.drawImage(full, 0, 0);
      setDrawnBitmap(bitmap);
    });
    return () => cancel();
  }, [image, wideImage, wideSvgBlob, svg, preview, previewImage.image, bitmap, size, viewportRef]);

  // A new picture shown at a close-up gets its detail drawn again.
  useEffect(() => {
    if (drawnImage) drawDetail();
  }, [drawnImage, drawDetail]);

  return (
    <div
      ref={panZoom.viewportRef}
      className={classes.viewport}
      data-dragging={panZoom.dragging || undefined}
      data-ready={pictureShown !== null || undefined}
      data-picture={pictureShown ?? undefined}
      style={{ height }}
      role="application"
      aria-roledescription="board viewer"
      aria-label={
        onShift
          ? `${label}. Drag the parts or use the arrow keys to shift them (Shift: 1 mm), the wheel or + and − to zoom.`
          : `${label}. Drag or use the arrow keys to move, the wheel or + and − to zoom, 0 to fit.`
      }
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewer takes the keyboard for moving and zooming the board.
      tabIndex={0}
      data-testid="board-canvas"
      data-shifting={onShift ? true : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panZoom.pictureRef}
        className={classes.picture}
        style={{ width: size.width, height: size.height }}
      >
        <canvas
          ref={baseRef}
          className={classes.bitmap}
          style={{ width: size.width, height: size.height }}
        />
      </div>
      <canvas ref={detailRef} className={classes.detail} />
      {overlay ? (
        <canvas ref={overlayDetailRef} className={classes.detail} data-testid="overlay-detail" />
      ) : null}
      {overlay ? (
        <div
          ref={panZoom.overlayRef}
          className={classes.picture}
          style={{ width: size.width, height: size.height }}
        >
          <div ref={overlayShiftRef} className={classes.shifted}>
            <canvas
              ref={overlayBaseRef}
              className={classes.bitmap}
              style={{ width: size.width, height: size.height }}
              data-testid="placements-overlay"
              data-parts={overlay.parts.length}
            />
            {selected ? (
              <svg
                className={classes.overlay}
                viewBox={`${frame.x} ${frame.y} ${frame.width} ${frame.height}`}
                width={size.width}
                height={size.height}
                aria-hidden="true"
                data-testid="selected-part"
                data-ref={selected.refDesign}
              >
                {/* Crosshairs through the part: found at a glance, however small it is. */}
                <g stroke="#3bc9db" strokeOpacity={0.8} strokeWidth={1.5 / screenPxPerMm}>
                  <line
                    x1={frame.x}
                    x2={frame.x + frame.width}
                    y1={selected.centerY}
                    y2={selected.centerY}
                  />
                  <line
                    x1={selected.centerX}
                    x2={selected.centerX}
                    y1={frame.y}
                    y2={frame.y + frame.height}
                  />
                </g>
                <polygon
                  points={cornersText(selected)}
                  fill="rgba(59, 201, 219, 0.35)"
                  stroke="#3bc9db"
                  strokeWidth={2.5 / screenPxPerMm}
                />
              </svg>
            ) : null}
          </div>
        </div>
      ) : null}
      <Paper
        ref={panZoom.controlsRef}
        className={classes.controls}
        shadow="xs"
        p={4}
        radius="md"
        // The buttons are not the start of a drag.
        onPointerDown={(event) => event.stopPropagation()}
      >
        <Group gap={2} wrap="nowrap">
          <ViewButton label="Zoom out" shortcut="−" onClick={panZoom.zoomOut}>
            <IconZoomOut size={18} />
          </ViewButton>
          <Text size="xs" w={44} ta="center" c="dimmed" aria-live="polite" data-testid="zoom-level">
            {Math.round(panZoom.zoom * 100)}%
          </Text>
          <ViewButton label="Zoom in" shortcut="+" onClick={panZoom.zoomIn}>
            <IconZoomIn size={18} />
          </ViewButton>
          <ViewButton label="Fit the board" shortcut="0" onClick={panZoom.fit}>
            <IconMaximize size={18} />
          </ViewButton>
        </Group>
      </Paper>
    </div>
  );
}

function cornersText(part: OverlayPart): string {
  const { corners } = part;
  return [0, 2, 4, 6].map((index) => `${corners[index]},${corners[index + 1]}`).join(' ');
}
