/**
 * The slice of ECharts the income chart uses: the line chart, its grid and tooltip, and the canvas renderer. Imported
 * statically here so the bundler keeps only these parts; the chart imports this module on demand (load-echarts.ts).
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerParts([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export { init };
