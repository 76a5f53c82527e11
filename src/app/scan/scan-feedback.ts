// A short beep and buzz for each accepted scan, so a bench user working through a pile of samples
// knows the code was read without looking at the screen.

let audio: AudioContext | null = null;

function beep(frequency = 880, milliseconds = 120) {
  try {
    const Context =
      globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + milliseconds / 1000);
  } catch {
    // No sound available (autoplay policy, no audio device): the on-screen tally still counts.
  }
}

function vibrate(milliseconds = 80) {
  try {
    globalThis.navigator?.vibrate?.(milliseconds);
  } catch {
    // Not supported here.
  }
}

export function signalScan() {
  beep();
  vibrate();
}

/** A lower tone for a code that is not what the screen expects. */
export function signalRejectedScan() {
  beep(330, 200);
  vibrate(200);
}
