// Must not compile (Dts_Tsc_Policy_DeniedFails): each line uses what tests/policy/test.policy denies.
import { Gate, Note } from "csharp:PolicyFixtures";
import { Secret } from "csharp:PolicyFixtures.Hidden";

export function denied(): unknown[] {
    return [
        Secret.Reveal(),                         // a denied type: no value
        CSharp.PolicyFixtures.Banned,            // denied by a deny type rule: not in the tree
        Gate.Reset(),                            // denied by a deny member rule
        Gate.MakeSecret()!.Value,                // a denied object's members
        new Note().GetType(),                    // reflection closed: Object.GetType
        zts.typeof(Gate).GetMethod("Add"),       // reflection closed: Type.GetMethod
        CSharp.System.IO,                        // a namespace with nothing allowed
    ];
}
