import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePanZoom } from '../hooks/use-pan-zoom.ts';
import type { FrameMm } from '../lib/board-picture.ts';
import type { Size, View } from '../lib/pan-zoom.ts';
import { baseBitmapSize, detailDraw, needsDetail } from '../lib/picture-raster.ts';
import classes from './board-canvas.module.css';

/** CSS pixels per board millimetre at zoom 1 before fitting; the fit scales it to the viewport. */
const PX_PER_MM = 8;

interface BoardCanvasProps {
  /** SVG text of the picture, drawn over `frame` (board millimetres). */
  svg: string;
  frame: FrameMm;
  /** Drawn over the picture in the same millimetre coordinates (the placements overlay). */
  overlay?: ReactNode;
  label: string;
  height: number | string;
}

/** The SVG text as a decoded image, ready to be drawn; null until then. */
function useSvgImage(svg: string): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    const loading = new Image();
    let current = true;
    loading.src = url;
    const decoded = typeof loading.decode === 'function' ? loading.decode() : Promise.resolve();
    decoded.then(
      () => {
        if (current) setImage(loading);
      },
      () => {
        if (current) setImage(null);
      },
    );
    return () => {
      current = false;
      URL.revokeObjectURL(url);
    };
  }, [svg]);
  return image;
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

function context2d(canvas: HTMLCanvasElement | null): CanvasRenderingContext2D | null {
  try {
    return canvas?.getContext('2d') ?? null;
  } catch {
    return null;
  }
}

/**
 * The board picture with pan and zoom: drag or arrow keys move it, the wheel or +/− zoom, 0 or
 * the fit button shows it whole. The SVG is drawn once into a bitmap that moving only transforms;
 * when the user stops on a close-up, the part on screen is drawn again from the SVG, sharp.
 */
export function BoardCanvas({ svg, frame, overlay, label, height }: BoardCanvasProps) {
  const image = useSvgImage(svg);
  const baseRef = useRef<HTMLCanvasElement | null>(null);
  const detailRef = useRef<HTMLCanvasElement | null>(null);
  const rested = useRef<{ view: View; viewport: Size } | null>(null);
  const [drawnImage, setDrawnImage] = useState<HTMLImageElement | null>(null);
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
    const draw = needsDetail(at.view, size, bitmap, ratio)
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
  }, [drawnImage, size, bitmap, hideDetail]);

  const panZoom = usePanZoom(size, {
    onMove: hideDetail,
    onSettle: (view, viewport) => {
      rested.current = { view, viewport };
      drawDetail();
    },
  });

  // The bitmap everything moves: drawn once per picture.
  useEffect(() => {
    const canvas = baseRef.current;
    const context = context2d(canvas);
    if (!canvas || !image) return;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    context?.clearRect(0, 0, bitmap.width, bitmap.height);
    context?.drawImage(image, 0, 0, bitmap.width, bitmap.height);
    setDrawnImage(image);
  }, [image, bitmap]);

  // A new picture shown at a close-up gets its detail drawn again.
  useEffect(() => {
    if (drawnImage) drawDetail();
  }, [drawnImage, drawDetail]);

  return (
    <div
      ref={panZoom.viewportRef}
      className={classes.viewport}
      data-dragging={panZoom.dragging || undefined}
      data-ready={drawnImage !== null || undefined}
      style={{ height }}
      role="application"
      aria-roledescription="board viewer"
      aria-label={`${label}. Drag or use the arrow keys to move, the wheel or + and − to zoom, 0 to fit.`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewer takes the keyboard for moving and zooming the board.
      tabIndex={0}
      data-testid="board-canvas"
      {...panZoom.viewportHandlers}
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
        <div
          ref={panZoom.overlayRef}
          className={classes.picture}
          style={{ width: size.width, height: size.height }}
        >
          <svg
            className={classes.overlay}
            viewBox={`${frame.x} ${frame.y} ${frame.width} ${frame.height}`}
            width={size.width}
            height={size.height}
            aria-hidden="true"
          >
            {overlay}
          </svg>
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
