// The Player backend's typed call (docs/PLAYER.md): C++ -> C# static Add(int,int) through the CLR adapter's unmanaged
// thunk (zts_clr_method_get_typed_entry: the entry the generated bridges will use, with managed exceptions
// caught in its out-argument) against the same method's compiled code called directly (what Il2Cpp's method
// pointer is; it has no exception wrapper, so it is a baseline only). Same run, same runtime, under the
// launcher's thread-suspend policy (zts_clr_init: preemptive unless MONO_THREADS_SUSPEND is set).
// Prints `bench <name>: <value> <unit> baseline <value> ratio <r>`.
#include "clr_probe_host.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace
{

using CompiledAdd = int32_t (*)(int32_t, int32_t);

// Loops are not inlined into each other, and the calls go through pointers the compiler cannot see through.
__attribute__((noinline)) int64_t loop_thunk(zts_test::Typed<zts_test::AddThunk> add, int n)
{
    int64_t sum = 0;
    zts_clr_exception *exc = nullptr;
    for (int i = 0; i < n; i++) sum += add(i, 1, &exc);
    if (exc != nullptr) std::abort();
    return sum;
}

__attribute__((noinline)) int64_t loop_compiled(CompiledAdd add, int n)
{
    int64_t sum = 0;
    for (int i = 0; i < n; i++) sum += add(i, 1);
    return sum;
}

template <typename F> double ns_per_call(int n, F body)
{
    auto start = std::chrono::steady_clock::now();
    volatile int64_t sink = body();
    (void)sink;
    std::chrono::duration<double, std::nano> elapsed = std::chrono::steady_clock::now() - start;
    return elapsed.count() / n;
}

} // namespace

int main(int argc, char **argv)
{
    int n = argc > 1 ? std::atoi(argv[1]) : 10000000;
    const int rounds = 7;
    zts_test::ClrProbe &probe = zts_test::ClrProbe::get();
    auto thunk = probe.thunk<zts_test::AddThunk>("Add", 2);
    auto compiled = reinterpret_cast<CompiledAdd>(zts_clr_method_get_compiled_code(probe.method("Add", 2)));
    zts_clr_exception *exc = nullptr;
    if (thunk(2, 3, &exc) != 5 || compiled(2, 3) != 5) {
        std::fprintf(stderr, "bench: Add is wrong\n");
        return 1;
    }
    double best_thunk = 1e300, best_compiled = 1e300;
    for (int r = 0; r < rounds; r++) { // interleaved, best round counts
        best_thunk = std::min(best_thunk, ns_per_call(n, [&] { return loop_thunk(thunk, n); }));
        best_compiled = std::min(best_compiled, ns_per_call(n, [&] { return loop_compiled(compiled, n); }));
    }
    const char *policy = std::getenv("MONO_THREADS_SUSPEND");
    std::printf("bench player_thunk_add_%s: %.2f ns/call baseline %.2f ratio %.3f\n", policy != nullptr ? policy : "default",
                best_thunk, best_compiled, best_thunk / best_compiled);
    return 0;
}
