// The hot function of the profile (tests/debugger/devtools/profile_opened.js): its loop is where the samples fall.
export function hotLoop(n: number): number {
    let s = 0;
    for (let i = 0; i < n; i++) {
        s = (s + i * i) % 1000003; // HOT-LINE
    }
    return s;
}
