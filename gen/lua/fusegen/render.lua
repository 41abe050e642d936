-- Running compiled templates: output buffer, indentation, include() and stage().

local template = require "fusegen.template"
local spec_mod = require "fusegen.spec"

local M = {}

-- templates: name -> {path=, text=}; compiled lazily and cached.
function M.new(templates)
  local cache = {}
  local R = {}
  -- Templates see the pure library functions (as specs do) and their variables.
  local base = spec_mod.sandbox_env()

  local function compiled(name)
    if not cache[name] then
      local t = templates[name]
      if not t then error("template not found: gen/templates/" .. name, 0) end
      cache[name] = template.compile(t.text, t.path)
    end
    return cache[name]
  end

  -- Render template `name` with the variables in `vars`; every line gets `prefix`.
  local function render(name, vars, prefix, out)
    local env = setmetatable({}, { __index = function(_, k)
      local x = vars[k]
      if x == nil then x = base[k] end
      return x
    end })
    env._str = function(x)
      if x == nil then error("$(...) gave nil", 2) end
      return tostring(x)
    end
    env._emit = function(...)
      local text = table.concat({ ... })
      if text == "\n" then out[#out + 1] = "\n" else out[#out + 1] = prefix .. text end
    end
    -- put(lines): a list of lines or one string, at the indentation of the % line
    env.put = function(lines)
      if type(lines) == "string" then lines = { lines } end
      for _, l in ipairs(lines) do out[#out + 1] = prefix .. (env._I or "") .. l .. "\n" end
    end
    -- include(other, extra vars): another template, at the indentation of the % line
    env.include = function(other, extra)
      local sub = vars
      if extra then sub = setmetatable(extra, { __index = vars }) end
      render(other, sub, prefix .. (env._I or ""), out)
    end
    -- stage(inst, extra vars): a stage instance's template, with its arguments
    -- as `arg` (the rows mapping passes its phase)
    env.stage = function(inst, extra)
      local vars2 = extra or {}
      vars2.arg, vars2.inst = inst.arg, inst
      env.include("stages/" .. inst.name .. ".cu.tpl", vars2)
    end
    compiled(name)(env)
  end

  -- Whether template `name` exists.
  function R.has(name) return templates[name] ~= nil end

  function R.render(name, vars)
    local out = {}
    render(name, vars, "", out)
    return table.concat(out)
  end
  return R
end

return M
