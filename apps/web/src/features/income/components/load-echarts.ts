/** ECharts, loaded on demand: only the income chart asks for it, so no other page ever downloads it. */
export function loadEcharts() {
  return import('./echarts-setup');
}
