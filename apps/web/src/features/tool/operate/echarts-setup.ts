/**
 * The slice of ECharts 智能运营 draws with: bars and a line over a grid with two axes, tooltip and legend, on the
 * canvas renderer. Imported statically here so the bundler keeps only these parts; the panel imports this module on
 * demand, so no other page downloads it.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerParts([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
export type ChartOption = Parameters<ReturnType<typeof init>['setOption']>[0];
