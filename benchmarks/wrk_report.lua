-- wrk: print one JSON line of figures (latencies in microseconds) for benchmarks/web.py.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'ARENA {"requests": %d, "bytes": %d, "rps": %.1f, "p50": %d, "p95": %d, "p99": %d, "max": %d, ' ..
    '"errors": %d, "timeouts": %d, "non2xx": %d}\n',
    summary.requests, summary.bytes, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.status + e.timeout, e.timeout, e.status))
end
