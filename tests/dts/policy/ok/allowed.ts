// Must compile under tsc --strict against gen-dts --policy tests/policy/test.policy (Dts_Tsc_Policy_AllowedCompiles):
// the allowed API, a denied object passed through, and the informational reflection members.
import { Gate, Note } from "csharp:PolicyFixtures";

export function allowed(): number {
    const secret = Gate.MakeSecret();            // a denied type as a result: it passes through
    const back: number = Gate.Open(secret);
    const n: string | null = new Note().Text;
    const name: string = zts.typeof(Gate).Name ?? "";
    const g = new Gate();
    g.add_Scored((p: number) => p * 2);
    return back + Gate.Add(1, 2) + (n ?? "").length + name.length + g.Fire(1);
}
