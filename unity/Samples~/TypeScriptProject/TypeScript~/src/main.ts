// The quick start's script: the quick start sample's ZtsQuickStart (a MonoBehaviour) loads the module "main"
// from StreamingAssets/ZTS, calls start() once, tick(dt) every frame, and dispose() before each reload (hot reload
// in the Editor: save a .ts file with Tools > ZTS > Watch TypeScript on, or npm run watch).
// Under the headless host: ztsrun ../Assets/StreamingAssets/ZTS --frames 180 --fps 0
let frames = 0;
let seconds = 0;

export function start(): void {
    console.log("[quickstart] start: hello from TypeScript");
}

export function tick(dt: number): void {
    frames++;
    seconds += dt;
    if (frames % 60 === 0) console.log(`[quickstart] frame ${frames}: ${seconds.toFixed(2)} s of game time`);
}

// Runs before a reload: undo here what start() did to C# state (C# statics and objects outlive the scripts).
export function dispose(): void {
    console.log(`[quickstart] dispose after ${frames} frames`);
}
