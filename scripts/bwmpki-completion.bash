# bash completion for bwmpki: areas, verbs and options, read from the
# program's own --help so that they always match the installed version.
_bwmpki()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local bin=${COMP_WORDS[0]}
    case $prev in
        -o|--output|--config|--apps-file|--trace|--alone|--series|--write|--logs|--csv|--results|--workloads)
            COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --out)
            COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --format)
            COMPREPLY=($(compgen -W "table csv json" -- "$cur")); return ;;
    esac
    local words=()
    if ((COMP_CWORD == 1)); then
        words=($("$bin" --help 2>/dev/null | sed -n '/^areas:/,/^$/p' | awk 'NR > 1 && NF { print $1 }') --help --version)
    elif ((COMP_CWORD == 2)) && [[ $cur != -* ]]; then
        words=($("$bin" "${COMP_WORDS[1]}" --help 2>/dev/null | sed -n '/^verbs:/,/^$/p' | awk 'NR > 1 && NF { print $1 }'))
    else
        local cmd=("${COMP_WORDS[1]}")
        [[ ${COMP_WORDS[2]} != -* ]] && cmd+=("${COMP_WORDS[2]}")
        words=($("$bin" "${cmd[@]}" --help 2>/dev/null | grep -o -- '--[a-z][a-z0-9-]*' | sort -u))
    fi
    COMPREPLY=($(compgen -W "${words[*]}" -- "$cur"))
}
complete -F _bwmpki bwmpki
