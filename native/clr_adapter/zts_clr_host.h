/*
 * ZTS CLR host — what a process that hosts the runtime does: start it, find assemblies, bind P/Invokes, run Main,
 * wait for foreground threads. Only launchers call these (native/player/zts_player.cpp, the CLR tests). Over Mono
 * with the Boehm GC they are native/clr_adapter/clr_mono_host.cpp, for the Mono adapter and for the Il2Cpp stand-in alike;
 * on real Il2Cpp, Unity's player is the host and nothing of ZTS implements this header.
 * Conventions as zts_clr.h's.
 */
#ifndef ZTS_CLR_HOST_H
#define ZTS_CLR_HOST_H

#include "zts_clr.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Starts the runtime once per process (config, JIT, root domain named domain_name) with preemptive thread
 *  suspension, as Il2Cpp's, unless MONO_THREADS_SUSPEND is set; NULL on failure. */
ZTS_CLR_API zts_clr_domain *zts_clr_init(const char *domain_name);
/** Adds dir in front of the folders the runtime searches for assemblies by name (before zts_clr_init; Il2Cpp:
 *  none, its assemblies are compiled into the player). */
ZTS_CLR_API void zts_clr_assemblies_path_prepend(const char *dir);
/** P/Invokes into library (a DllImport name such as "zts") bind to this process's own symbols, the libraries
 *  the executable links, whatever file of that name lies beside a program or on the library path (Il2Cpp:
 *  DllImport("__Internal"), bound when the player is linked). */
ZTS_CLR_API void zts_clr_pinvoke_bind_to_process(const char *library);
/** Runs the assembly's entry point with argv[0] = the assembly path; Main's int result or Environment.ExitCode. */
ZTS_CLR_API int zts_clr_runtime_exec_main(zts_clr_domain *domain, zts_clr_assembly *assembly, int argc, char **argv);
/** What a process does after Main returns: waits until every foreground managed thread has ended, then
 *  raises AppDomain.ProcessExit; managed code may still run afterwards only on this thread. */
ZTS_CLR_API void zts_clr_runtime_wait_foreground_threads(void);
/** The process exit code managed code set (Environment.ExitCode, or Main's result after exec_main). */
ZTS_CLR_API int zts_clr_environment_exit_code(void);

#ifdef __cplusplus
}
#endif

#endif
