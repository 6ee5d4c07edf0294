/** Texts of the video players: error kinds with the refresh prompt. */
export const player = {
  errors: {
    network: '网络异常',
    mse: '视频流加载失败',
    parse: '视频解析失败',
    format: '格式不支持',
    decoder: '解码失败',
    runtime: '播放器运行异常',
    timeout: '视频加载超时',
    other: '播放出错',
  },
  refreshPrompt: '请刷新页面重试',
  refresh: '刷新',
  noVideo: '暂无视频',
} as const;
