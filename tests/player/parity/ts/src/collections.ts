// Framework collections as game scripts use them: List<T> and Dictionary<K,V> members on what C# hands over, a
// List<T> the script makes itself, and LINQ extensions on instances ([assembly: TsUsing("System.Linq")]). Every use
// is covered by the Player the build makes, so `build-player --scripts` passes over this project.
import { Inventory, Item } from "csharp:ParityHost";
import { List$1 } from "csharp:System.Collections.Generic";
import { String as CsString } from "csharp:System";

export function run(inv: Inventory): string {
    const items = inv.Items;
    const names = new (zts.generic(List$1, CsString))();
    for (let i = 0; i < items.Count; i++) names.Add(items.get_Item(i).Name);
    names.Sort();
    items.Add(new Item("axe"));
    const counts = inv.Counts;
    counts.set_Item("potion", counts.get_Item("potion") + 1);
    const heavy = inv.Weights().Where(w => w > 3);
    const parts = [
        names.Count, names.get_Item(0), names.Contains("bow"), items.Count,
        counts.ContainsKey("arrow"), counts.get_Item("potion"), counts.Count,
        heavy.Count(), heavy.Any(w => w > 8), inv.Weights().Max(), items.First(i => i.Name.length === 3).Name,
    ];
    return parts.join(" ");
}
