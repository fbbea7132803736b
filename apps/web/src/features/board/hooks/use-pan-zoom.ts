import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  FIT_MARGIN_PX,
  fitView,
  keepInView,
  PAN_STEP_PX,
  panBy,
  type Size,
  scaleRange,
  type View,
  viewTransform,
  wheelZoomFactor,
  ZOOM_STEP,
  zoomAt,
} from '../lib/pan-zoom.ts';

/** After the last move, the picture is drawn sharp again at its new scale. */
const SETTLE_MS = 180;

/** What the picture's owner is told: a move began, or the picture came to rest at a view. */
export type PanZoomListener = {
  onMove?: () => void;
  onSettle?: (view: View, viewport: Size) => void;
};

/**
 * Pan and zoom of a picture of `content` size inside a viewport. The view lives in a ref and is
 * written straight to the picture's transform once per animation frame: React renders only when
 * the zoom level shown to the user changes, not on every pointer move. The owner hears when a
 * move starts and when the picture settles, to draw finer detail only while nothing moves.
 */
export function usePanZoom(contentSize: Size, listener: PanZoomListener = {}) {
  const { width, height } = contentSize;
  const content = useMemo(() => ({ width, height }), [width, height]);
  const viewportRef = useRef<HTMLDivElement | null>(null);
  /** The zoom controls over the viewport's bottom-right corner: a fitted picture keeps clear. */
  const controlsRef = useRef<HTMLDivElement | null>(null);
  const pictureRef = useRef<HTMLDivElement | null>(null);
  const overlayRef = useRef<HTMLDivElement | null>(null);
  const view = useRef<View>({ x: 0, y: 0, scale: 1 });
  const viewportSize = useRef<Size>({ width: 0, height: 0 });
  const keepClear = useRef<Size>({ width: 0, height: 0 });
  const frame = useRef<number | null>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Until the user moves the picture, it follows the viewport's size (fitted).
  const moved = useRef(false);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const listenerRef = useRef(listener);
  listenerRef.current = listener;
  const moving = useRef(false);
  const [zoom, setZoom] = useState(1);
  const [dragging, setDragging] = useState(false);

  const fitted = useCallback(
    () => fitView(content, viewportSize.current, FIT_MARGIN_PX, keepClear.current),
    [content],
  );
  const fitScale = useCallback(() => fitted().scale || 1, [fitted]);

  const write = useCallback(() => {
    frame.current = null;
    const transform = viewTransform(view.current);
    if (pictureRef.current) pictureRef.current.style.transform = transform;
    if (overlayRef.current) overlayRef.current.style.transform = transform;
  }, []);

  const rest = useCallback(() => {
    settleTimer.current = null;
    moving.current = false;
    setZoom(view.current.scale / fitScale());
    listenerRef.current.onSettle?.(view.current, viewportSize.current);
  }, [fitScale]);

  const show = useCallback(
    (next: View, { byUser = true } = {}) => {
      view.current = keepInView(next, content, viewportSize.current);
      if (!moving.current) {
        moving.current = true;
        listenerRef.current.onMove?.();
      }
      if (byUser) moved.current = true;
      if (settleTimer.current !== null) clearTimeout(settleTimer.current);
      // A fit is one step: it rests at once; the user's moves rest once they pause.
      settleTimer.current = setTimeout(rest, byUser ? SETTLE_MS : 0);
      if (frame.current === null) frame.current = requestAnimationFrame(write);
    },
    [content, rest, write],
  );

  const fit = useCallback(() => {
    moved.current = false;
    show(fitted(), { byUser: false });
  }, [fitted, show]);

  const zoomBy = useCallback(
    (factor: number, anchor?: { x: number; y: number }) => {
      const size = viewportSize.current;
      const point = anchor ?? { x: size.width / 2, y: size.height / 2 };
      show(zoomAt(view.current, factor, point, scaleRange(content, size, keepClear.current)));
    },
    [content, show],
  );

  // A new picture (another side, other layers) is shown whole.
  useEffect(() => {
    if (content.width > 0) moved.current = false;
  }, [content]);

  // The viewport's size: fit on first sight and on resize until the user has moved the picture.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const measure = () => {
      viewportSize.current = { width: viewport.clientWidth, height: viewport.clientHeight };
      const controls = controlsRef.current;
      keepClear.current = controls
        ? {
            width: viewport.clientWidth - controls.offsetLeft,
            height: viewport.clientHeight - controls.offsetTop,
          }
        : { width: 0, height: 0 };
      if (!moved.current) fit();
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [fit]);

  // Wheel zoom needs a listener that may cancel the page scroll, which React's is not.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = viewport.getBoundingClientRect();
      zoomBy(wheelZoomFactor(event.deltaY, event.deltaMode), {
        x: event.clientX - box.left,
        y: event.clientY - box.top,
      });
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      if (settleTimer.current !== null) clearTimeout(settleTimer.current);
    },
    [],
  );

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    show(panBy(view.current, event.clientX - start.x, event.clientY - start.y));
    drag.current = { ...start, x: event.clientX, y: event.clientY };
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP_PX, 0],
      ArrowRight: [-PAN_STEP_PX, 0],
      ArrowUp: [0, PAN_STEP_PX],
      ArrowDown: [0, -PAN_STEP_PX],
    };
    const step = pan[event.key];
    if (step) show(panBy(view.current, step[0], step[1]));
    else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0' || event.key === 'Home') fit();
    else return;
    event.preventDefault();
  };

  const getView = useCallback(() => view.current, []);
  const getViewportSize = useCallback(() => viewportSize.current, []);

  /** Moves the picture so that a point of it (content px) is at the viewport's centre. */
  const centerOn = useCallback(
    (point: { x: number; y: number }) => {
      const size = viewportSize.current;
      const scale = view.current.scale;
      show({ scale, x: size.width / 2 - point.x * scale, y: size.height / 2 - point.y * scale });
    },
    [show],
  );

  /** Shows a point of the picture (content px) at the viewport's centre, at `scale`. */
  const zoomOn = useCallback(
    (point: { x: number; y: number }, scale: number) => {
      const size = viewportSize.current;
      const shown = Math.min(scale, scaleRange(content, size, keepClear.current).max);
      show({
        scale: shown,
        x: size.width / 2 - point.x * shown,
        y: size.height / 2 - point.y * shown,
      });
    },
    [content, show],
  );

  return {
    viewportRef,
    zoomOn,
    /** The view now (read when needed; it changes without React renders). */
    getView,
    getViewportSize,
    centerOn,
    controlsRef,
    pictureRef,
    /** Moves with the picture, drawn over the detail (the placements). */
    overlayRef,
    /** Magnification relative to the fitted board (1 = fitted). */
    zoom,
    dragging,
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    fit,
    viewportHandlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onKeyDown,
    },
  };
}
