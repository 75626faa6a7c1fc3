// The table's sounds: a move, your turn, a win, a loss. Each is a few notes made in the
// browser with the Web Audio API (oscillators and a volume envelope: no sound files).
// Off until the player turns them on; the choice is kept in this browser. While they are
// off, nothing of Web Audio is touched: no AudioContext is made at all.

const KEY = "ct-sounds";

/** Each sound: its notes, as [start (s), frequency (Hz), length (s), wave, volume, glide to]. */
const SOUNDS = {
  // a card put down: a short, soft knock that drops in pitch
  move: [[0, 420, 0.07, "triangle", 0.22, 260]],
  // your turn: two notes a fifth apart, upwards
  turn: [[0, 587.33, 0.11, "sine", 0.2], [0.1, 880, 0.17, "sine", 0.2]],
  // a win: a major arpeggio that rings out
  win: [[0, 523.25, 0.12, "triangle", 0.2], [0.1, 659.25, 0.12, "triangle", 0.2],
        [0.2, 783.99, 0.12, "triangle", 0.2], [0.3, 1046.5, 0.35, "triangle", 0.22]],
  // a loss: three slow notes that fall, the last sliding down
  loss: [[0, 392, 0.18, "sine", 0.2], [0.17, 329.63, 0.18, "sine", 0.2],
         [0.34, 261.63, 0.4, "sine", 0.2, 220]],
};

let audio = null;   // the AudioContext, made the first time a sound plays while they are on

export function soundsOn() {
  try { return localStorage.getItem(KEY) === "1"; } catch (e) { return false; }
}

/** Turn the sounds on or off (remembered); turning them on plays the move sound, so the
 *  player hears what it sounds like (and the tap lets the browser start the audio). */
export function setSounds(on) {
  try { localStorage.setItem(KEY, on ? "1" : "0"); } catch (e) { /* private mode: this page only */ }
  setSounds.now = on;
  if (on) play("move");
  else if (audio) audio.suspend().catch(() => {});
}

function enabled() { return setSounds.now ?? soundsOn(); }

function context() {
  if (!audio) {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    audio = new Audio();
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/** Play one of SOUNDS by name, if sounds are on. */
export function play(name) {
  const notes = SOUNDS[name];
  if (!notes || !enabled()) return;
  let ac;
  try { ac = context(); } catch (e) { return; }   // no audio here: silence
  if (!ac) return;
  const now = ac.currentTime + 0.01;
  for (const [start, freq, length, wave, volume, glide] of notes) {
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.type = wave;
    const t0 = now + start;
    osc.frequency.setValueAtTime(freq, t0);
    if (glide) osc.frequency.exponentialRampToValueAtTime(glide, t0 + length);
    // a quick rise, then a fall to silence: no click at either end
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(volume, t0 + 0.012);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
    osc.connect(gain).connect(ac.destination);
    osc.start(t0);
    osc.stop(t0 + length + 0.02);
  }
}
