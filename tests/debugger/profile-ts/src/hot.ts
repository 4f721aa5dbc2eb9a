// The hot function of the profile (tests/debugger/devtools/profile_opened.js): its loop is where the samples fall,
// on the `for` line (QuickJS polls for interrupts, and the profiler samples, at the loop's backward jump).
export function hotLoop(n: number): number {
    let s = 0;
    for (let i = 0; i < n; i++) { // HOT-LINE
        s = (s + i * i) % 1000003;
    }
    return s;
}
