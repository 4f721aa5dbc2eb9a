// What a domain knows about its modules beyond QuickJS: which loads are open and which modules
// they started (QuickJS must not re-enter a graph mid-load: it asserts or reads a half-resolved module), the
// compiled module of each name (to bind without running Promise jobs), the import edges seen, and the
// modules left unusable by a failed compile (QuickJS frees the failed module while modules compiled under it
// may still point at it).
#pragma once

#include "quickjs.h"

#include <cstddef>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace zts
{

/// The module bookkeeping of one domain.
class ModuleTable
{
  public:
    /// Opens a load (a host bind, or a Promise job, which may be a dynamic import).
    void open() { frames_.push_back(busy_.size()); }
    /// Closes the innermost load: its modules are settled (evaluated, failed, or waiting on a top-level await).
    void close()
    {
        busy_.resize(frames_.back());
        frames_.pop_back();
    }
    /// Records that the innermost load started module name (its loader runs next).
    void started(const std::string &name) { busy_.push_back(name); }
    /// True when name was started by a load other than the innermost one (re-entering it would corrupt it).
    bool busy_outside_innermost(const std::string &name) const;
    /// "a -> b -> name": the open loads' modules from the first start of name, then name again.
    std::string cycle(const std::string &name) const;

    /// Records that importer imports name statically (both canonical; importer "" for the host is not recorded).
    void imported(const std::string &importer, const std::string &name);
    /// Marks name as being compiled: QuickJS resolves its static imports before the compile returns.
    void compiling(const std::string &name) { compiling_.push_back(name); }
    /// Ends the innermost compile.
    void compiled_or_failed() { compiling_.pop_back(); }
    /// True while name is being compiled, i.e. an import it makes now is a static one. An import() of a module
    /// runs in a Promise job after its importer has compiled, so it is never counted: the importer does not point
    /// at what it imports dynamically, and a failure there must not make it unusable (tests/managed/
    /// ModuleLoadingTests.cs Modules_DynamicImport_SyntaxError_RejectsOnlyTheImport).
    bool is_compiling(const std::string &name) const;
    /// The chain of first importers that led to name, outermost first, name last (no module twice).
    std::vector<std::string> import_chain(const std::string &name) const;
    /// Records the compiled (and resolved) module of name; it lives as long as the context.
    void compiled(const std::string &name, JSModuleDef *m) { defs_[name] = m; }
    /// The compiled module of name, or nullptr when none is known.
    JSModuleDef *find(const std::string &name) const;
    /// Records that compiling name failed: QuickJS freed it, so every module that reaches it is unusable.
    void compile_failed(const std::string &name);
    /// True when name was compiled under a failed compile it imports (directly or not).
    bool unusable(const std::string &name) const { return unusable_.count(name) != 0; }

  private:
    std::vector<std::string> busy_; ///< started modules of every open load, in start order
    std::vector<size_t> frames_;    ///< busy_.size() when each open load began
    std::vector<std::string> compiling_; ///< modules whose compile (and static resolution) is under way, outermost first
    std::unordered_map<std::string, JSModuleDef *> defs_;                    ///< compiled modules by name
    std::unordered_map<std::string, std::vector<std::string>> importers_;   ///< name -> modules importing it statically
    std::unordered_set<std::string> unusable_;                              ///< names refused from now on
};

/// Opens a load for its scope.
class ModuleLoadScope
{
  public:
    explicit ModuleLoadScope(ModuleTable &table) : table_(table) { table_.open(); }
    ~ModuleLoadScope() { table_.close(); }
    ModuleLoadScope(const ModuleLoadScope &) = delete;
    ModuleLoadScope &operator=(const ModuleLoadScope &) = delete;

  private:
    ModuleTable &table_;
};

/// The zts: message for re-entering a module that is still loading.
std::string module_reentry_message(const ModuleTable &table, const std::string &name);

/// The zts: message for a module left unusable by a failed compile.
std::string module_unusable_message(const std::string &name);

} // namespace zts
