// The core built without the script debugger (-DZTS_DEBUGGER=OFF, over QuickJS without its debugger hook): only
// tools/bench.sh builds it, as the baseline of what the hook costs while no debugger is attached. Starting a
// debugger fails with a zts: text; everything the domain calls on one is a no-op.
#include "debugger/debugger.h"

namespace zts::dbg
{

Debugger::Debugger(zts_domain *d) : d_(d), profiler_(d) {}

// No profile is ever started without the debugger: only what a Debugger's member needs.
Profiler::Profiler(zts_domain *d) : d_(d) {}

Profiler::~Profiler() = default;

Debugger::~Debugger() = default;

bool Debugger::start(const std::string & /*host*/, int /*port*/, std::string &error)
{
    error = "zts: this build of the core has no debugger (configured with -DZTS_DEBUGGER=OFF)";
    return false;
}

void Debugger::wait_for_client() {}

void Debugger::service() {}

void Debugger::entry_module(const std::string &) {}

void Debugger::script_compiled(const std::string &, const std::string &, const std::string &, const std::string &,
                               JSModuleDef *)
{
}

void Debugger::console(int, int, JSValueConst *) {}

bool Debugger::on_interrupt_poll()
{
    return false;
}

void Debugger::close() {}

} // namespace zts::dbg
