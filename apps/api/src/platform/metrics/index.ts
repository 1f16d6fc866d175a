/** Prometheus metrics: GET /metrics and the one-call hooks other modules feed it through. */
export { createMetrics, type Metrics } from './metrics.js';
export { default as metricsPlugin } from './metrics.plugin.js';
