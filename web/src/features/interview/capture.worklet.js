// Microphone capture of the built-in interviewer's client: collects samples (at the context's
// rate) into chunks of `chunk` samples and hands each to the page.
class Capture extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.out = new Float32Array(options.processorOptions.chunk);
    this.n = 0;
  }
  process(inputs) {
    const channel = inputs[0]?.[0];
    if (channel) {
      for (let i = 0; i < channel.length; i++) {
        this.out[this.n++] = channel[i];
        if (this.n === this.out.length) {
          this.port.postMessage(this.out.slice(0));
          this.n = 0;
        }
      }
    }
    return true;
  }
}
registerProcessor('ca-capture', Capture);
