using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>10-LIFETIME §2: ObjectRegistry slots follow the JS exotics; C# objects become collectable.</summary>
    [TestFixture]
    public class Lifetime_ObjectRegistry : DomainFixture
    {
        [SetUp]
        public void Fixtures()
        {
            Assert.IsNotNull(typeof(Fixtures.Widget).Assembly);
            global::Fixtures.Factory.Tracked.Clear();
            global::Fixtures.Factory.TrackEnabled = false;
        }

        private static void CollectEverything()
        {
            Mono.CollectJsGarbage();
            TsFramePump.LateUpdate();
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
        }

        // The registry's identity index (open addressing, backward-shift removal) against a Dictionary.
        [Test]
        public void Lifetime_RegistryIdentity_MatchesAReferenceMap()
        {
            var registry = new ZTS.Shared.Clr.ObjectRegistry();
            var expected = new System.Collections.Generic.Dictionary<Tuple<object, int>, int>();
            var objects = new object[3000];
            for (int i = 0; i < objects.Length; i++) objects[i] = new object();
            var random = new Random(9);
            for (int step = 0; step < 60000; step++)
            {
                object o = objects[random.Next(objects.Length)];
                int view = random.Next(1, 4);
                var key = Tuple.Create(o, view);
                int known;
                if (random.Next(3) == 0 && expected.TryGetValue(key, out known))
                {
                    registry.Release(known);
                    expected.Remove(key);
                    continue;
                }
                int slot = registry.SlotOf(o, view);
                if (expected.TryGetValue(key, out known)) Assert.AreEqual(known, slot, "same (object, view), same slot");
                else Assert.IsFalse(expected.ContainsValue(slot), "a new slot is not in use");
                expected[key] = slot;
                if (step % 7 == 0)
                {
                    int fresh = registry.SlotOfFresh(new object());
                    Assert.IsFalse(expected.ContainsValue(fresh));
                    registry.Release(fresh);
                }
            }
            foreach (var entry in expected) Assert.AreEqual(entry.Value, registry.SlotOf(entry.Key.Item1, entry.Key.Item2));
            Assert.AreEqual(expected.Count, registry.Count);
        }

        [Test]
        public void Lifetime_MillionObjects_RegistryBackToBaseline()
        {
            var run = Bind<Func<int, int>>(
                "import { Factory } from 'csharp:Fixtures';\n" +
                "export function run(n) { let s = 0; for (let i = 0; i < n; i++) s += Factory.Make(i).N & 1; return s; }", "run");
            CollectEverything();
            int baselineObjects = Mono.RegisteredObjects;
            int baselineExotics = Mono.LiveExotics;
            global::Fixtures.Factory.TrackEnabled = true; // WeakReferences to the first objects only
            Assert.AreEqual(500000, run(1000000));
            global::Fixtures.Factory.TrackEnabled = false;
            Assert.AreEqual(baselineExotics, Mono.LiveExotics, "JS dropped every exotic");
            CollectEverything();
            Assert.AreEqual(baselineObjects, Mono.RegisteredObjects, "registry slots are free again");
            int alive = 0;
            foreach (WeakReference w in global::Fixtures.Factory.Tracked) if (w.IsAlive) alive++;
            // Boehm scans conservatively: a stray word that looks like an object's address pins it. 64-bit: one or two of
            // the million. 32-bit (the 32-bit Player, docs/PLATFORMS.md), where far more words do: 8-27 on i386 Mono
            // (130 runs under load, 2026-12-06), and in 3 of those runs also one run of 41-137 consecutive objects, about
            // what one 4 KiB Boehm heap block holds of these 16-byte Widgets between their WeakReferences; collecting
            // again frees none of them. A registry slot, exotic or root that kept its object would keep all million.
            Assert.LessOrEqual(alive, IntPtr.Size == 8 ? 2 : 1024, "the C# objects were collected (conservative scanning may pin a few)");
            Assert.GreaterOrEqual(global::Fixtures.Factory.Tracked.Count, 1000000);
        }

        private static long RssKb()
        {
            foreach (string line in System.IO.File.ReadAllLines("/proc/self/status"))
                if (line.StartsWith("VmRSS:", StringComparison.Ordinal)) return long.Parse(line.Substring(6).Trim().Split(' ')[0]);
            return -1;
        }

        // 10-LIFETIME §3.1: a blittable struct's copies hold their bytes: no box, no registry slot, no GCHandle. A million
        // made and dropped leave no slot, no live copy and no resident memory behind, and no managed allocation either
        // (the Editor's bridges and the Player's copy wrappers write the result's bytes in place): the GC count does not
        // move.
        [Test]
        public void Lifetime_MillionStructCopies_NoSlotNoGarbage()
        {
            var run = Bind<Func<int, double>>(
                "import { Geometry } from 'csharp:Fixtures';\n" +
                "export function run(n) { let s = 0; for (let i = 0; i < n; i++) { const v = Geometry.Make(i, 1, 2); v.Z = 1; s += v.Y + v.Z; } return s; }", "run");
            Assert.AreEqual(2000.0, run(1000));
            CollectEverything();
            int slots = Mono.RegisteredObjects, copies = Mono.LiveStructCopies;
            long rss = RssKb();
            int gcs = GC.CollectionCount(0);
            Assert.AreEqual(2000000.0, run(1000000));
            int gcsAfter = GC.CollectionCount(0);
            Assert.AreEqual(slots, Mono.RegisteredObjects, "no registry slot per copy");
            Assert.AreEqual(copies, Mono.LiveStructCopies, "JS dropped every copy");
            Assert.AreEqual(gcs, gcsAfter, "no managed allocation per copy");
            CollectEverything();
            Assert.Less(RssKb() - rss, 16 * 1024, "resident memory back near its baseline (a leaked copy would be ~100 bytes each)");
        }

        [Test]
        public void Lifetime_HeldExotic_KeepsObjectAndIdentity()
        {
            Modules["m"] = "import { Factory } from 'csharp:Fixtures';\n" +
                           "let held = null;\n" +
                           "export function hold(n) { held = Factory.Make(n); }\n" +
                           "export function same() { return held === held.constructor.prototype.constructor && held.N; }\n" +
                           "export function twice() { return held.Twice(); }\n" +
                           "export function drop() { held = null; }";
            global::Fixtures.Factory.TrackEnabled = true;
            TsAppDomain.GetFunction<Action<int>>("m", "hold")(21);
            CollectEverything();
            Assert.IsTrue(global::Fixtures.Factory.Tracked[0].IsAlive, "JS holds the exotic: the object stays");
            Assert.AreEqual(42, TsAppDomain.GetFunction<Func<int>>("m", "twice")());
            int held = Mono.RegisteredObjects;
            TsAppDomain.GetFunction<Action>("m", "drop")();
            CollectEverything();
            Assert.AreEqual(held - 1, Mono.RegisteredObjects);
            Assert.IsFalse(global::Fixtures.Factory.Tracked[0].IsAlive, "released: collectable");
        }

        // A released exotic unregisters its slot (10-LIFETIME §2.1) without waiting for the frame pump: a loop
        // that makes many short-lived objects keeps the registry about as small as what JS holds (releases are taken
        // in batches as new objects are registered), and what JS still holds stays registered and the same exotic.
        [Test]
        public void Lifetime_ShortLivedObjects_ReleasedBeforeThePump()
        {
            ChurnReleasedBeforeThePump("Factory.Make", false);
        }

        // The same with `new`: on the Player a constructor's bridge takes its slot from the native table, which frees
        // the released slots itself as the loop goes (native/player/slot_table.h), with no managed call in between.
        [Test]
        public void Lifetime_ShortLivedConstructedObjects_ReleasedBeforeThePump()
        {
            ChurnReleasedBeforeThePump("new Widget", true);
        }

        // 100000 Widgets made by `make(i)` and dropped in one JS loop, one more held across it.
        private void ChurnReleasedBeforeThePump(string make, bool slotsReused)
        {
            Modules["m"] = "import { Widget, Factory } from 'csharp:Fixtures';\n" +
                           "export function churn(n) { const kept = " + make + "(-7); let s = 0;\n" +
                           "  for (let i = 0; i < n; i++) s += " + make + "(i).N;\n" +
                           "  return Factory.Same(kept) === kept && kept.N === -7 ? s : -1; }";
            CollectEverything();
            int before = Mono.RegisteredObjects;
            double sum = TsAppDomain.GetFunction<Func<int, double>>("m", "churn")(100000);
            Assert.AreEqual(100000.0 * 99999 / 2, sum, "every object read, and the held one kept its identity");
            int during = Mono.RegisteredObjects - before; // no pump since the loop began
            Assert.LessOrEqual(during, 2 * ZTS.Shared.Clr.ObjectRegistry.DrainBatch + 16, "released objects do not pile up until the pump");
            if (slotsReused) Assert.Less(Mono.Domain.Registry.Capacity, 4 * 4096, "the loop reuses the released slots");
            CollectEverything();
            Assert.AreEqual(before, Mono.RegisteredObjects);
        }

        // A member remembers the slot of its last object result and uses it again only while the slot still
        // holds that object: after a release, the slot given to another object is not taken for the old one.
        [Test]
        public void Lifetime_MemberResultSlot_ReusedByAnotherObject_NotMistaken()
        {
            Modules["m"] = "import { Factory } from 'csharp:Fixtures';\n" +
                           "let held = null;\n" +
                           "export function shared() { return Factory.Shared().N; }\n" +
                           "export function make() { held = Factory.Make(5); return held.N; }\n" +
                           "export function check() { const s = Factory.Shared(); return s.N === -1 && held.N === 5 && s !== held && s === Factory.Shared(); }";
            var shared = TsAppDomain.GetFunction<Func<int>>("m", "shared");
            for (int i = 0; i < 3; i++)
            {
                Assert.AreEqual(-1, shared()); // the site remembers this slot; JS drops the exotic
                CollectEverything();           // the slot is free again
                Assert.AreEqual(5, TsAppDomain.GetFunction<Func<int>>("m", "make")()); // and taken by another object
                Assert.IsTrue(TsAppDomain.GetFunction<Func<bool>>("m", "check")());
            }
        }

        // A constructor's object is registered without an identity lookup but entered all the same, and an
        // object argument of exactly the declared class is read without the rules (the Player's C++ slot table and
        // identity cache): returning either gives the exotic JS holds. A subclass and null take the general rules.
        [Test]
        public void Lifetime_ConstructedObject_ReturnedAsTheSameExotic()
        {
            Modules["m"] = "import { Factory, Widget, SubWidget } from 'csharp:Fixtures';\n" +
                           "export function check() {\n" +
                           "  const w = new Widget(3), s = new SubWidget(4), shared = Factory.Shared();\n" +
                           "  const r = [Factory.Same(w) === w, Factory.Same(Factory.Same(w)) === w, Factory.Same(shared) === shared,\n" +
                           "             Factory.Same(s) === Factory.Same(s), Factory.Same(s).N === 4, Factory.Same(null) === null];\n" +
                           "  return r.join(',');\n" +
                           "}";
            var check = TsAppDomain.GetFunction<Func<string>>("m", "check");
            for (int i = 0; i < 3; i++)
            {
                Assert.AreEqual("true,true,true,true,true,true", check());
                CollectEverything(); // the second round pushes again after the releases drained
            }
        }

        [Test]
        public void Lifetime_ReleasedThenPushedAgain_NewExoticSameObject()
        {
            Modules["m"] = "import { Factory } from 'csharp:Fixtures';\n" +
                           "export function n() { return Factory.Shared().N; }\n" +
                           "export function same() { const a = Factory.Shared(); return a === Factory.Shared(); }";
            var n = TsAppDomain.GetFunction<Func<int>>("m", "n");
            var same = TsAppDomain.GetFunction<Func<bool>>("m", "same");
            for (int i = 0; i < 1000; i++)
            {
                Assert.AreEqual(-1, n()); // the exotic dies right after each call
                Assert.IsTrue(same());
                if (i % 100 == 0) CollectEverything();
            }
            CollectEverything();
            Assert.AreEqual(0, Mono.LiveExotics);
        }

        [Test]
        public void Lifetime_Reset_ClearsRegistry()
        {
            var run = Bind<Action>("import { Factory } from 'csharp:Fixtures';\nglobalThis.keep = [];\n" +
                                   "export function run() { for (let i = 0; i < 100; i++) globalThis.keep.push(Factory.Make(i)); }", "run");
            run();
            Assert.GreaterOrEqual(Mono.RegisteredObjects, 100);
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame();
            Assert.AreEqual(0, Mono.RegisteredObjects);
            Assert.AreEqual(0, Mono.LastTeardownLeakedBytes);
        }
    }
}
