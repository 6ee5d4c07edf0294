/**
 * ECharts, loaded on demand: only the line chart, its grid and tooltip, and the canvas renderer, so the income
 * chunk stays small and no other page ever downloads it.
 */
export async function loadEcharts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([charts.LineChart, components.GridComponent, components.TooltipComponent, renderers.CanvasRenderer]);
  return core;
}
