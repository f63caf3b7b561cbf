// The host's sound of a word (PROTOCOL.md G-15: a WAV file, G.711 µ-law, mono, 11025 Hz, in base64),
// turned into 16-bit PCM, which every browser plays.

/** The 16-bit sample of a µ-law byte. */
function muLaw(byte) {
  const value = ~byte & 0xff;
  const sign = value & 0x80;
  const exponent = (value >> 4) & 0x07;
  const mantissa = value & 0x0f;
  const magnitude = (((mantissa << 3) + 0x84) << exponent) - 0x84;
  return sign ? -magnitude : magnitude;
}

/** A PCM WAV file (a Blob) of the host's clip, or null when it is not the format G-15 names. */
export function playableWave(clip) {
  if (!clip || clip.format !== "wav") return null;
  const bytes = Uint8Array.from(atob(clip.data), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  let offset = 12;
  let rate = 0;
  let format = 0;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.slice(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === "fmt ") {
      format = view.getUint16(offset + 8, true);
      rate = view.getUint32(offset + 12, true);
    } else if (id === "data") {
      if (format !== 7) return null;
      const samples = bytes.slice(offset + 8, offset + 8 + size);
      const out = new DataView(new ArrayBuffer(44 + samples.length * 2));
      const text = (at, value) => [...value].forEach((c, i) => out.setUint8(at + i, c.charCodeAt(0)));
      text(0, "RIFF"); out.setUint32(4, 36 + samples.length * 2, true); text(8, "WAVEfmt ");
      out.setUint32(16, 16, true); out.setUint16(20, 1, true); out.setUint16(22, 1, true);
      out.setUint32(24, rate, true); out.setUint32(28, rate * 2, true); out.setUint16(32, 2, true);
      out.setUint16(34, 16, true); text(36, "data"); out.setUint32(40, samples.length * 2, true);
      samples.forEach((byte, i) => out.setInt16(44 + i * 2, muLaw(byte), true));
      return new Blob([out.buffer], { type: "audio/wav" });
    }
    offset += 8 + size + (size & 1);
  }
  return null;
}
