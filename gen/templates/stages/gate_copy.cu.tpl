% -- Stage gate_copy: write the chosen branch's gate row (from a source stage:
% -- shared.gate_row) to gate_out[b, l, :], converted to its dtype.
% local T = act_ctype
% local out = roles.gate_out
{
    $(T)* gout = $(row_of(out));
% for k = 0, m.K - 1 do
    $(chunk_open(k))  // chunk slot $(k)
        $(chunk_first(k))
        float g[$(m.V)];
        % put(load("g", shared.gate_row .. " + e", v.act, "keep"))
        % put(store("g", "gout + e", v.act))
    }
% end
}
