/ opens$/!d
s/^.*:END //
