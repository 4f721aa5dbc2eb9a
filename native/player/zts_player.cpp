// zts-player: the Player backend's host. Embeds Mono with the Boehm GC through the CLR adapter
// (zts_clr.h) and runs any managed program as `mono` would: `zts-player Program.exe args...`, with the
// program's stdout/stderr and exit code. The runtime runs with preemptive thread suspension, as Il2Cpp's
// (zts_clr_init; MONO_THREADS_SUSPEND set by the user wins). It sets ZTS_BACKEND=il2cpp unless the user set
// ZTS_BACKEND: the program's TsAppDomain uses the Player backend.
// It always sets ZTS_PLAYER_PID to its own process id, which tells ZTS.Common that the launcher's
// internal calls are bound in this process (a child process inherits the variable, not the calls).
// A launcher is self-contained (docs/PLAYER.md, "The launcher"): the assemblies and native libraries it was built
// with lie in lib/ beside it (`ztsrun build-player` writes both), the runtime searches that folder first, and the
// managed side's P/Invokes into the core bind to the core this executable links, so a copy of libzts.so beside a
// program or on LD_LIBRARY_PATH is never loaded as a second core.
#include "player_internal_calls.h"
#include "zts_clr_host.h"

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

namespace
{

const char k_usage[] =
    "usage: zts-player <Program.exe> [program arguments...]\n"
    "  runs a managed program on embedded Boehm Mono with the ZTS Player backend selected (ZTS_BACKEND=il2cpp)\n"
    "  and MONO_THREADS_SUSPEND=preemptive, unless the environment sets them; exits with the program's exit code\n";

// Exit codes of the launcher itself, as `mono` uses them.
constexpr int k_exit_usage = 64;
constexpr int k_exit_no_assembly = 2;
constexpr int k_exit_no_runtime = 1;

// The folder of this executable (readlink of /proc/self/exe), or "" when it cannot be read.
std::string executable_dir()
{
    char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0) {
        return std::string();
    }
    path[n] = '\0';
    const char *slash = std::strrchr(path, '/');
    return slash == nullptr ? std::string() : std::string(path, slash - path);
}

void set_environment()
{
    setenv("ZTS_BACKEND", "il2cpp", 0);
    setenv("ZTS_PLAYER_PID", std::to_string(getpid()).c_str(), 1);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fputs(k_usage, stderr);
        return k_exit_usage;
    }
    if (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
        std::fputs(k_usage, stdout);
        return 0;
    }
    const char *program = argv[1];
    // As `mono` does first: the user's locale, from which the runtime picks Console's encoding (UTF-8 here);
    // without it the C locale makes Console.Out ASCII and every non-ASCII character prints as '?'.
    std::setlocale(LC_ALL, "");
    set_environment();
    std::string dir = executable_dir();
    if (!dir.empty()) {
        zts_clr_assemblies_path_prepend((dir + "/lib").c_str());
    }
    zts_clr_domain *domain = zts_clr_init(program);
    if (domain == nullptr) {
        std::fprintf(stderr, "zts-player: the runtime did not start\n");
        return k_exit_no_runtime;
    }
    zts_clr_pinvoke_bind_to_process("zts");
    zts_player::register_internal_calls();
    zts_clr_assembly *assembly = zts_clr_domain_assembly_open(domain, program);
    if (assembly == nullptr) {
        std::fprintf(stderr, "zts-player: cannot open assembly '%s'\n", program);
        return k_exit_no_assembly;
    }
    // Program arguments as `mono` passes them: argv[0] of the program is its assembly path.
    zts_clr_runtime_exec_main(domain, assembly, argc - 1, argv + 1);
    // As `mono` does after Main: foreground threads keep the process alive, then AppDomain.ProcessExit runs
    // (TsConsole flushes there) and background threads are aborted. No runtime shutdown follows: on this Boehm build
    // the runtime's cleanup waits 2 s for the finalizer thread to park and prints a time-out line on stdout
    // (docs/PLAYER.md). So the finalizer thread still runs here, and its finalizers call into this process's native
    // tables (the Player runtime's slot tables and routes, the Il2Cpp stand-in's method maps): returning from main
    // would run those tables' static destructors, and the libraries' atexit handlers, under it. The process ends
    // here instead, as a Player's does, once C stdio is flushed; the OS reclaims the runtime.
    zts_clr_runtime_wait_foreground_threads();
    int code = zts_clr_environment_exit_code();
    std::fflush(nullptr);
    std::_Exit(code);
}
