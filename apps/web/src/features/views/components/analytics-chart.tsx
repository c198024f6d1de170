import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// only the parts the back office draws: bars and lines on a grid, with tooltip and legend (the back office's lazy chunk only)
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** One chart of 运营分析: drawn on a canvas, resized with its box; with no data it says so instead. */
export function AnalyticsChart({ option, empty, label, height = 260 }: { option: ChartOption; empty: boolean; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (empty || !element) return;
    const chart = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.setOption({ animation: false, textStyle: { fontFamily: 'inherit' }, ...option });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option, empty]);
  if (empty) {
    return (
      <div className="analytics-empty" style={{ height }} role="img" aria-label={`${label}：暂无数据`}>
        暂无数据
      </div>
    );
  }
  return <div ref={box} className="analytics-chart" style={{ height }} role="img" aria-label={label} data-chart={label} />;
}
