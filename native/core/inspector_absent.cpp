// open_inspector in a core linked without the inspector library (native/inspector): the Player SDK's libzts.so
// (`ztsrun build-player` without --inspector, docs/PLAYER.md) and the benchmark's core without the debugger hook
// (-DZTS_DEBUGGER=OFF, tools/bench.sh), and the core over stock QuickJS (-DZTS_QUICKJS_PATCHES=OFF). zts_debugger_start then fails with this text; nothing else of the core calls
// an inspector, since none is ever opened.
#include "inspector_seam.h"

std::unique_ptr<zts::InspectorSession> zts::open_inspector(zts_domain * /*d*/, const std::string & /*host*/,
                                                           int /*port*/, std::string &error)
{
#if ZTS_QUICKJS_PATCHES
    error = "zts: this build of the core has no script inspector (the Player's default: `ztsrun build-player "
            "--inspector` links it; docs/DEBUGGING.md)";
#else
    error = "zts: this build of the core has no script inspector (it is built over stock QuickJS, which has no "
            "debugger hook: -DZTS_QUICKJS_PATCHES=ON builds it; docs/ARCHITECTURE.md \"The engine seam\")";
#endif
    return nullptr;
}
