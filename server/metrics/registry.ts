/** A small Prometheus text exposition (format 0.0.4): counters, histograms and gauges read at scrape time. */

type Labels = Record<string, string>;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

function labelText(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels);
  if (extra) pairs.push(extra);
  return pairs.length ? `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
}

const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort());

const number = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

interface Metric {
  render(): string;
}

export class Counter implements Metric {
  private values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    private help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const entry = this.values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(key, entry);
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values())
      lines.push(`${this.name}${labelText(labels)} ${number(value)}`);
    return lines.join('\n');
  }
}

export class Histogram implements Metric {
  private series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    private help: string,
    private buckets: number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    const s = this.series.get(key) ?? { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
    this.buckets.forEach((le, i) => {
      if (value <= le) s.counts[i]!++;
    });
    s.sum += value;
    s.count++;
    this.series.set(key, s);
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      this.buckets.forEach((le, i) =>
        lines.push(`${this.name}_bucket${labelText(s.labels, ['le', String(le)])} ${s.counts[i]}`),
      );
      lines.push(`${this.name}_bucket${labelText(s.labels, ['le', '+Inf'])} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${number(s.sum)}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines.join('\n');
  }
}

/** A gauge whose values are read when scraped. */
export class Gauge implements Metric {
  private values: { labels: Labels; value: number }[] = [];
  constructor(
    readonly name: string,
    private help: string,
    private read: () => Promise<{ labels: Labels; value: number }[]> | { labels: Labels; value: number }[],
  ) {}

  async collect(): Promise<void> {
    this.values = await this.read();
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`];
    for (const { labels, value } of this.values) lines.push(`${this.name}${labelText(labels)} ${number(value)}`);
    return lines.join('\n');
  }
}

export class Registry {
  private metrics: Metric[] = [];

  add<M extends Metric>(metric: M): M {
    this.metrics.push(metric);
    return metric;
  }

  async render(): Promise<string> {
    for (const m of this.metrics) if (m instanceof Gauge) await m.collect();
    return `${this.metrics.map((m) => m.render()).join('\n')}\n`;
  }
}
