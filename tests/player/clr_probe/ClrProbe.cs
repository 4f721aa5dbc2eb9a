using System;
using System.Runtime.CompilerServices;

namespace ZTS.ClrTests
{
    /// <summary>
    /// Managed side of the CLR adapter tests (tests/player/clr_adapter_test.cpp): methods called
    /// through zts_clr_method_get_unmanaged_thunk, internal calls bound by the test host, GC probes.
    /// </summary>
    public static class Probe
    {
        private static WeakReference s_tracked;

        /// <summary>The typed call under test and in the bench.</summary>
        public static int Add(int a, int b)
        {
            return a + b;
        }

        /// <summary>Always throws InvalidOperationException("fail x").</summary>
        public static int Fail(int x)
        {
            throw new InvalidOperationException("fail " + x);
        }

        /// <summary>A new object that only the caller holds; TrackedAlive tells whether it was collected.</summary>
        public static object NewTracked()
        {
            var o = new object();
            s_tracked = new WeakReference(o);
            return o;
        }

        /// <summary>Whether the last NewTracked object is still alive.</summary>
        public static bool TrackedAlive()
        {
            return s_tracked != null && s_tracked.IsAlive;
        }

        /// <summary>A boxed Pair {a, "p" + a} (zts_clr_value_copy test).</summary>
        public static object NewPair(int a)
        {
            return new Pair { A = a, B = "p" + a };
        }

        /// <summary>A of a boxed Pair plus the length of its B.</summary>
        public static int PairSum(object box)
        {
            var p = (Pair)box;
            return p.A + (p.B == null ? 0 : p.B.Length);
        }

        /// <summary>A Pair {a, "p" + a} by value: a struct result (Il2Cpp: the typed call takes the invoker).</summary>
        public static Pair MakePair(int a)
        {
            return new Pair { A = a, B = "p" + a };
        }

        /// <summary>A struct argument by value: A plus the length of B; throws for a negative A.</summary>
        public static int SumPair(Pair p)
        {
            if (p.A < 0) throw new ArgumentOutOfRangeException("p", "negative pair");
            return p.A + (p.B == null ? 0 : p.B.Length);
        }

        /// <summary>A full collection with finalizers run.</summary>
        public static void Collect()
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
        }

        public static int Length(string s)
        {
            return s.Length;
        }

        public static string Concat(string a, string b)
        {
            return a + b;
        }

        public static int[] Squares(int n)
        {
            var result = new int[n];
            for (int i = 0; i < n; i++) result[i] = i * i;
            return result;
        }

        /// <summary>Managed -> C++ -> back: NativeTwice is bound by the test host.</summary>
        public static int CallNative(int x)
        {
            return NativeTwice(x) + 1;
        }

        /// <summary>NativeThrow raises through zts_clr_raise_exception; the exception reaches this caller.</summary>
        public static int CallNativeThrowing(int x)
        {
            return NativeThrow(x);
        }

        [MethodImpl(MethodImplOptions.InternalCall)]
        private static extern int NativeTwice(int x);

        [MethodImpl(MethodImplOptions.InternalCall)]
        private static extern int NativeThrow(int x);
    }

    /// <summary>A struct with a reference field, for zts_clr_value_copy.</summary>
    public struct Pair
    {
        public int A;
        public string B;
    }
}
