// The CLR host (zts_clr_host.h) over Mono's embedding API with the Boehm GC: what the launcher does to start the
// runtime and run a program. Linked with the Mono adapter (clr_mono.cpp) and with the Il2Cpp stand-in, whose runtime
// is the same embedded Mono (docs/PLAYER.md, "The launcher").
#include "zts_clr_host.h"

#include <mono/jit/jit.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/debug-helpers.h>
#include <mono/metadata/environment.h>
#include <mono/metadata/mono-config.h>
#include <mono/metadata/profiler.h>
#include <mono/metadata/threads.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace
{

// The runtime version the CLR profile of mcs-built assemblies needs (.NET 4.x).
const char k_runtime_version[] = "v4.0.30319";

template <typename To, typename From> To *as(From *p)
{
    return reinterpret_cast<To *>(p);
}

// ZTS_PLAYER_PERF_MAP=1: every method the JIT compiles is written to /tmp/perf-<pid>.map (start, size, name), the
// file `perf report` reads to name JIT frames (what `mono --jitmap` does; the embedding API has no such option).
FILE *g_perf_map = nullptr;

void write_perf_map_entry(MonoProfiler *, MonoMethod *method, MonoJitInfo *info)
{
    char *name = mono_method_full_name(method, 1);
    std::fprintf(g_perf_map, "%lx %x %s\n", reinterpret_cast<unsigned long>(mono_jit_info_get_code_start(info)),
                 static_cast<unsigned>(mono_jit_info_get_code_size(info)), name);
    std::fflush(g_perf_map);
    mono_free(name);
}

void open_perf_map()
{
    char path[64];
    std::snprintf(path, sizeof path, "/tmp/perf-%d.map", static_cast<int>(getpid()));
    g_perf_map = std::fopen(path, "w");
    if (g_perf_map != nullptr) {
        mono_profiler_set_jit_done_callback(mono_profiler_create(nullptr), &write_perf_map_entry);
    }
}

} // namespace

extern "C" {

zts_clr_domain *zts_clr_init(const char *domain_name)
{
    // Il2Cpp's Boehm stop-the-world suspends threads preemptively and has no GC-state transitions on
    // native<->managed crossings; Mono's default (hybrid) puts one on every crossing (docs/PLAYER.md).
    // Read by the runtime at start-up; a value the user set wins.
    setenv("MONO_THREADS_SUSPEND", "preemptive", 0);
    mono_config_parse(nullptr);
    MonoDomain *domain = mono_jit_init_version(domain_name, k_runtime_version);
    if (domain != nullptr && getenv("ZTS_PLAYER_PERF_MAP") != nullptr) {
        open_perf_map();
    }
    return as<zts_clr_domain>(domain);
}

void zts_clr_assemblies_path_prepend(const char *dir)
{
    // MONO_PATH is read once, when the runtime starts; its folders come before the program's own folder, so the
    // launcher's assemblies win over copies beside the program (docs/PLAYER.md, "The launcher").
    const char *old = getenv("MONO_PATH");
    std::string path = dir;
    if (old != nullptr && *old != '\0') {
        path += ':';
        path += old;
    }
    setenv("MONO_PATH", path.c_str(), 1);
}

void zts_clr_pinvoke_bind_to_process(const char *library)
{
    // "__Internal" makes Mono resolve the entry points with dlsym over the process's global scope, which holds the
    // libraries the executable links (DT_NEEDED): one native core per process.
    mono_dllmap_insert(nullptr, library, nullptr, "__Internal", nullptr);
}

int zts_clr_runtime_exec_main(zts_clr_domain *domain, zts_clr_assembly *assembly, int argc, char **argv)
{
    return mono_jit_exec(as<MonoDomain>(domain), as<MonoAssembly>(assembly), argc, argv);
}

void zts_clr_runtime_wait_foreground_threads(void)
{
    mono_thread_manage();
}

int zts_clr_environment_exit_code(void)
{
    return mono_environment_exitcode_get();
}

} // extern "C"
