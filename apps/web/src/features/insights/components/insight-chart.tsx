import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
}

interface InsightChartProps {
  /** One label per point along the bottom axis. */
  labels: readonly string[];
  series: readonly ChartSeries[];
  kind: 'bars' | 'lines';
}

/** Series colours, each at least 3:1 against white (WCAG 1.4.11). */
const palette = ['#4f46e5', '#0e7490', '#b45309', '#dc2626', '#047857', '#7c3aed', '#be185d'];
const HEIGHT = 260;
const NARROW = 640;
/** Axis labels past this many characters end in an ellipsis; the table has them whole. */
const LABEL_CHARACTERS = 16;
const shorten = (label: string) =>
  label.length > LABEL_CHARACTERS ? `${label.slice(0, LABEL_CHARACTERS - 1)}…` : label;
const MIN_WIDTH = 240;

/**
 * A bar or line chart of categories (docs/decisions/110-insights-charts-with-uplot.md). The
 * picture is for the eye only: the table beside it holds the same numbers for everyone, so the
 * canvas is hidden from assistive technology. It follows its box's width, a phone's too.
 */
export function InsightChart({ labels, series, kind }: InsightChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  // The arrays are rebuilt on each render; the chart is drawn again only when what they say changes.
  const drawn = JSON.stringify({ labels, series, kind });

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    // A chart is drawn when it comes near the screen, in a task of its own: drawn in the render's
    // task, the five charts made one long task that kept a phone from answering input
    // (bench/README.md, "Lighthouse"), and those below the fold need not be drawn at all yet.
    let plot: uPlot | undefined;
    let resizes: ResizeObserver | undefined;
    let drawing: ReturnType<typeof setTimeout> | undefined;
    const nearScreen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        nearScreen.disconnect();
        drawing = setTimeout(() => {
          ({ plot, resizes } = draw(box, JSON.parse(drawn) as InsightChartProps));
        });
      },
      { rootMargin: `${HEIGHT}px 0px` },
    );
    nearScreen.observe(box);
    return () => {
      nearScreen.disconnect();
      clearTimeout(drawing);
      resizes?.disconnect();
      plot?.destroy();
    };
  }, [drawn]);

  // The chart's height is kept before it is drawn, so nothing below it moves when it is.
  return (
    <div
      ref={boxRef}
      aria-hidden="true"
      className="w-full overflow-hidden"
      style={{ height: HEIGHT }}
    />
  );
}

/** Draws the chart in `box`, following its width. */
function draw(box: HTMLElement, { labels, series, kind }: InsightChartProps) {
  const width = () => Math.max(box.clientWidth, MIN_WIDTH);
  const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
  const plot = new uPlot(
    {
      width: width(),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, labels.length - 0.5] },
        y: { range: (_plot, _min, max) => [0, Math.max(1, max) * 1.1] },
      },
      axes: [
        {
          splits: () => labels.map((_, index) => index),
          values: (_plot, splits) => splits.map((index) => shorten(labels[index] ?? '')),
          // Many labels stand upright on a narrow screen, slanted on a wide one.
          rotate: labels.length <= 4 ? 0 : width() < NARROW ? -90 : -40,
          size: labels.length > 4 ? 110 : 40,
          stroke: '#334155',
          grid: { show: false },
        },
        { stroke: '#334155', grid: { stroke: '#e2e8f0' } },
      ],
      series: [
        {},
        ...series.map((one, index) => {
          const colour = palette[index % palette.length]!;
          return kind === 'bars'
            ? {
                label: one.label,
                stroke: colour,
                fill: colour,
                width: 0,
                ...(bars ? { paths: bars } : {}),
              }
            : { label: one.label, stroke: colour, width: 2, points: { show: true, size: 6 } };
        }),
      ],
    },
    [labels.map((_, index) => index), ...series.map((one) => [...one.values])],
    box,
  );
  const resizes = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
  resizes.observe(box);
  return { plot, resizes };
}
