// open_inspector in a core linked without the inspector library (native/inspector): the Player SDK's libzts.so
// (`ztsrun build-player` without --inspector, docs/PLAYER.md) and the benchmark's core without the debugger hook
// (-DZTS_DEBUGGER=OFF, tools/bench.sh). zts_debugger_start then fails with this text; nothing else of the core calls
// an inspector, since none is ever opened.
#include "inspector_seam.h"

std::unique_ptr<zts::InspectorSession> zts::open_inspector(zts_domain * /*d*/, const std::string & /*host*/,
                                                           int /*port*/, std::string &error)
{
    error = "zts: this build of the core has no script inspector (the Player's default: `ztsrun build-player "
            "--inspector` links it; docs/DEBUGGING.md)";
    return nullptr;
}
